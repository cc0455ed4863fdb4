// What the engine hands every rule application besides the cell's tree: the nodes in the application's scope, the
// calls in scope with their callee resolved through the notebook's imports, and one import service. Rules ask for
// these instead of walking `parsed.nodes(…)` and checking `ctx.inScope` by hand, where forgetting one check
// silently widened a fix from the failing lines to the whole cell.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../python/python-parser';
import { moduleReference } from './catalog/helpers';
import type { CallFilter, CellContext, ResolvedCall } from './rule';

type Base = Pick<CellContext, 'imports' | 'notebook' | 'cellIndex' | 'inScope'>;

/** The services of one application: `parsed` is the cell's tree the rule is given, `base` its context. */
export function cellServices(parsed: ParsedSource, base: Base): Pick<CellContext, 'nodes' | 'calls' | 'requireImport'> {
  const nodes = (type: string): Node[] => parsed.nodes(type).filter((node) => base.inScope(node));
  return {
    nodes,
    calls(filter: CallFilter = {}): ResolvedCall[] {
      const names = filter.names ? new Set(filter.names) : null;
      const calls: ResolvedCall[] = [];
      for (const node of nodes('call')) {
        const fn = node.childForFieldName('function');
        const callee = base.imports.resolve(fn, parsed);
        let name = callee ? callee.slice(callee.lastIndexOf('.') + 1) : null;
        if (filter.module !== undefined) {
          if (callee) {
            if (!callee.startsWith(`${filter.module}.`)) continue;
          } else {
            // a bare name a star import of the module provides (`from pylab import *; hist(…)`): only a name the
            // rule lists, since which names a star import binds is not known here (`len` is no pylab call)
            const star = base.imports.starModules.some((m) => m === filter.module || m.startsWith(`${filter.module}.`));
            if (!star || !names || fn?.type !== 'identifier') continue;
            name = parsed.text(fn);
          }
        }
        if (names && (name === null || !names.has(name))) continue;
        calls.push({ node, callee, name });
      }
      return calls;
    },
    requireImport: (module: string, preferred: string) => moduleReference(parsed, base, module, preferred),
  };
}

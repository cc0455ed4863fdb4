// Helpers shared by several numpy rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';
import type { Node } from 'web-tree-sitter';

/** Attribute nodes `<numpy alias>.<name>` for names in the table, with the name. */
export function numpyAttributes(
  parsed: ParsedSource,
  ctx: CellContext,
  names: Record<string, string>,
): { node: Node; name: string }[] {
  const found: { node: Node; name: string }[] = [];
  for (const attr of ctx.nodes('attribute')) {
    let qualified = ctx.imports.resolve(attr, parsed);
    // the error names numpy: `np.` is numpy even where the notebook's import is not visible (a %run file)
    const object = attr.childForFieldName('object');
    if (!qualified && ctx.errors.length > 0 && object?.type === 'identifier' && parsed.text(object) === 'np')
      qualified = `numpy.${parsed.text(attr.childForFieldName('attribute') as Node)}`;
    if (!qualified?.startsWith('numpy.')) continue;
    const name = qualified.slice('numpy.'.length);
    if (name in names) found.push({ node: attr, name });
  }
  return found;
}

export const NUMPY2 = { package: 'numpy', version: '2.0', date: '2024-06-16' };

export const GUIDE = 'NumPy 2.0 migration guide';

/**
 * Is the node in the body of an `except AttributeError` / `except ImportError` clause: the fallback of a try that
 * already uses the new name, kept for older numpy? (`except np.AxisError:` itself is no fallback.)
 */
export function inExceptClause(node: Node, parsed: ParsedSource): boolean {
  for (let child: Node = node, p = node.parent; p; child = p, p = p.parent) {
    if (p.type !== 'except_clause' || child.type !== 'block') continue;
    if (
      /AttributeError|ImportError|ModuleNotFoundError/.test(
        p.namedChildren
          .filter((c) => c.type !== 'block')
          .map((c) => parsed.text(c))
          .join(' '),
      )
    )
      return true;
  }
  return false;
}

export const SIMPLE = new Set(['identifier', 'attribute']);

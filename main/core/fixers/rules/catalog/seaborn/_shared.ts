// Helpers shared by several seaborn rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';

export const SNS = 'seaborn';

export const sb = (version: string, date: string) => ({ package: SNS, version, date });

/** The seaborn function a call invokes (`sns.FacetGrid` → 'FacetGrid'), or null. */
export function seabornFunction(call: Node, parsed: ParsedSource, ctx: CellContext): string | null {
  const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
  if (q?.startsWith('seaborn.')) return q.slice(q.lastIndexOf('.') + 1);
  const fn = call.childForFieldName('function');
  if (fn?.type === 'identifier' && ctx.imports.starModules.includes('seaborn')) return parsed.text(fn);
  return null;
}

// The rule catalog: every catalog file (one per library group) and the combined list the engine uses.
// To add a group: create catalog/<group>.ts exporting `<GROUP>_RULES: Rule[]` and list it here.
import type { Rule } from '../rule';
import { NUMPY_RULES } from './numpy';
import { PYTHON2_RULES } from './python2';

/** Catalog files in application order: syntax-level Python 2 fixes first, so later rules see Python 3 code. */
export const CATALOG: ReadonlyArray<{ group: string; file: string; rules: readonly Rule[] }> = [
  { group: 'python2', file: 'catalog/python2.ts', rules: PYTHON2_RULES },
  { group: 'numpy', file: 'catalog/numpy.ts', rules: NUMPY_RULES },
];

export const RULES: readonly Rule[] = CATALOG.flatMap((entry) => entry.rules);

const seen = new Set<string>();
for (const rule of RULES) {
  if (seen.has(rule.id)) throw new Error(`duplicate rule id in the catalog: ${rule.id}`);
  seen.add(rule.id);
}

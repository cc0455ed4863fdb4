// The rule catalog: every catalog file (one per library group) and the combined list the engine uses.
// To add a group: create catalog/<group>.ts exporting `<GROUP>_RULES: Rule[]` and list it here; rule ids
// must be unique (checked at load). Order matters only in that earlier rules edit first.
import type { Rule } from '../rule';
import { API_TABLE_RULES } from './api-table';
import { CALIBRATION_RULES } from './calibration';
import { DATA_URL_RULES } from './data-urls';
import { ENVIRONMENT_RULES } from './environment';
import { MATPLOTLIB_RULES } from './matplotlib';
import { MORE_REMOVAL_RULES } from './more-removals';
import { NUMPY_RULES } from './numpy';
import { NUMPY2_RULES } from './numpy2';
import { NUMPY_PRINTING_RULES } from './numpy-printing';
import { PANDAS_RULES } from './pandas';
import { PROTOCOL_RULES } from './protocols';
import { PYTHON2_RULES } from './python2';
import { PYTHON2_FIXER_RULES } from './python2-fixers';
import { RUNTIME_RULES } from './runtime';
import { SEABORN_RULES } from './seaborn';
import { SKLEARN_RULES } from './sklearn';
import { STDLIB_RULES } from './stdlib';
import { XGBOOST_RULES } from './xgboost';

/** Catalog files in application order: Python 2 syntax first, so later rules see Python 3 code. */
export const CATALOG: ReadonlyArray<{ group: string; file: string; rules: readonly Rule[] }> = [
  { group: 'python2', file: 'catalog/python2.ts', rules: PYTHON2_RULES },
  { group: 'python2-fixers', file: 'catalog/python2-fixers.ts', rules: PYTHON2_FIXER_RULES },
  { group: 'stdlib', file: 'catalog/stdlib.ts', rules: STDLIB_RULES },
  { group: 'data-urls', file: 'catalog/data-urls.ts', rules: DATA_URL_RULES },
  { group: 'numpy', file: 'catalog/numpy.ts', rules: NUMPY_RULES },
  { group: 'numpy2', file: 'catalog/numpy2.ts', rules: NUMPY2_RULES },
  { group: 'pandas', file: 'catalog/pandas.ts', rules: PANDAS_RULES },
  { group: 'sklearn', file: 'catalog/sklearn.ts', rules: SKLEARN_RULES },
  { group: 'protocols', file: 'catalog/protocols.ts', rules: PROTOCOL_RULES },
  { group: 'matplotlib', file: 'catalog/matplotlib.ts', rules: MATPLOTLIB_RULES },
  { group: 'seaborn', file: 'catalog/seaborn.ts', rules: SEABORN_RULES },
  { group: 'xgboost', file: 'catalog/xgboost.ts', rules: XGBOOST_RULES },
  { group: 'more-removals', file: 'catalog/more-removals.ts', rules: MORE_REMOVAL_RULES },
  { group: 'api-table', file: 'catalog/api-table.ts', rules: API_TABLE_RULES },
  { group: 'environment', file: 'catalog/environment.ts', rules: ENVIRONMENT_RULES },
  { group: 'calibration', file: 'catalog/calibration.ts', rules: CALIBRATION_RULES },
  { group: 'numpy-printing', file: 'catalog/numpy-printing.ts', rules: NUMPY_PRINTING_RULES },
  { group: 'runtime', file: 'catalog/runtime.ts', rules: RUNTIME_RULES },
];

export const RULES: readonly Rule[] = CATALOG.flatMap((entry) => entry.rules);

const seen = new Set<string>();
for (const rule of RULES) {
  if (seen.has(rule.id)) throw new Error(`duplicate rule id in the catalog: ${rule.id}`);
  seen.add(rule.id);
}

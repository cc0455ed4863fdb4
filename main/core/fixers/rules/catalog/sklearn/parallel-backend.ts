// sklearn.parallel-backend — sklearn.utils.parallel_backend / register_parallel_backend → joblib
//
// Why it broke: scikit-learn 1.7 (2025-06-05), deprecated since 1.5: from this release on the old code fails (the
// explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.5.html
// Example:
//     from sklearn.utils import parallel_backend
//     with parallel_backend('threading'):
//         search.fit(X, y)
//   →
//     from joblib import parallel_backend
//     with parallel_backend('threading'):
//         search.fit(X, y)
// Fix safety: Same result: scikit-learn re-exported joblib's parallel_backend and register_parallel_backend (the
// same objects until 1.4, thin wrappers around them in 1.5–1.6); joblib is a scikit-learn dependency.
import { missingNameTriggers } from '../helpers';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { SK, sk } from './_shared';

const MOVE: ModuleMove = {
  from: 'sklearn.utils',
  names: { parallel_backend: { module: 'joblib' }, register_parallel_backend: { module: 'joblib' } },
};

export const parallelBackend = defineRule({
  id: 'sklearn.parallel-backend',
  title: 'sklearn.utils.parallel_backend / register_parallel_backend → joblib',
  kind: 'error-repair',
  library: SK,
  since: sk('1.7', '2025-06-05'),
  deprecatedIn: '1.5',
  explanation:
    'scikit-learn 1.5 deprecated utils.parallel_backend and utils.register_parallel_backend ' +
    '("Use joblib.parallel_backend instead") and 1.7 removed them; they were ' +
    "joblib's own functions, which the imports and dotted uses now name.",
  trigger: {
    errors: missingNameTriggers(String.raw`sklearn\.utils`, '(register_)?parallel_backend'),
    pattern: true,
  },
  needles: ['parallel_backend'],
  apply(parsed, ctx) {
    return moduleMoveEdits(parsed, ctx, MOVE);
  },
});

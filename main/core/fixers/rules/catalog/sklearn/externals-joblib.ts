// sklearn.externals-joblib — sklearn.externals.joblib → joblib
//
// Why it broke: scikit-learn 0.23 (2020-05-12), deprecated since 0.21: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.23.html
// Example:
//     from sklearn.externals import joblib
//     joblib.dump(model, "m.pkl")
//     from sklearn.externals.joblib import Parallel, delayed
//   →
//     import joblib
//     joblib.dump(model, "m.pkl")
//     from joblib import Parallel, delayed
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.23; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { SK, sk } from './_shared';

const JOBLIB_MOVES: ModuleMove[] = [{ from: 'sklearn.externals.joblib', to: 'joblib' }];

export const externalsJoblib = defineRule({
  id: 'sklearn.externals-joblib',
  title: 'sklearn.externals.joblib → joblib',
  kind: 'error-repair',
  library: SK,
  since: sk('0.23', '2020-05-12'),
  deprecatedIn: '0.21',
  explanation:
    'scikit-learn stopped vendoring joblib (deprecated 0.21, removed 0.23); ' +
    'the standalone joblib package, a scikit-learn dependency, has the same API.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.externals\.joblib'/ },
      { ename: 'ImportError', evalue: /cannot import name 'joblib' from 'sklearn\.externals'/ },
    ],
    pattern: true,
  },
  needles: ['joblib'],
  apply(parsed, ctx) {
    return JOBLIB_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

// sklearn.keyword-only-arguments — SelectKBest(chi2, 10) → SelectKBest(chi2, k=10): positional arguments scikit-learn
// made keyword-only
//
// Why it broke: scikit-learn 1.0 (2021-09-24), deprecated since 0.23: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html
// Example:
//     sel = SelectKBest(chi2, 10)
//     rfe = RFE(model, 5)
//     kf = KFold(5, True, 42)
//     cm = metrics.confusion_matrix(y, p, [0, 1])
//     clf = svm.SVC(1.0, "linear")
//   →
//     sel = SelectKBest(chi2, k=10)
//     rfe = RFE(model, n_features_to_select=5)
//     kf = KFold(5, shuffle=True, random_state=42)
//     cm = metrics.confusion_matrix(y, p, labels=[0, 1])
//     clf = svm.SVC(C=1.0, kernel="linear")
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under scikit-learn 0.24.
import { callNeedle, defineRule } from '../../rule';
import { SKLEARN_KEYWORD_ONLY, eraSignature, SKLEARN_POSITIONAL_HISTORY } from '../signatures';
import type { SourceEdit } from '../../source-edit';
import { positionalArguments } from '../../syntax';
import { positionalToKeywordEdits } from '../helpers';
import { SK, sk } from './_shared';

const KEYWORD_ONLY_NEEDLE = callNeedle(Object.keys(SKLEARN_KEYWORD_ONLY));

export const keywordOnlyArguments = defineRule({
  id: 'sklearn.keyword-only-arguments',
  title: 'SelectKBest(chi2, 10) → SelectKBest(chi2, k=10): positional arguments scikit-learn made keyword-only',
  kind: 'error-repair',
  library: SK,
  since: sk('1.0', '2021-09-24'),
  deprecatedIn: '0.23',
  explanation:
    "scikit-learn 1.0 made most constructor and function parameters keyword-only (only the leading ones, like n_estimators or y_true/y_pred, stay positional). Extra positional arguments get the names they had in the old positional order: SelectKBest(chi2, 10) → k=10, RFE(model, 5) → n_features_to_select=5, KFold(5, True, 1) → shuffle=True, random_state=1, SVC(1.0) → C=1.0, confusion_matrix(y, p, labels) → labels=labels. The names follow the order of the notebook's era, not today's (0.18 inserted groups after y in cross_val_score and learning_curve, 0.20 min_features_to_select in RFECV, 1.2 removed normalize from the linear models …): the era comes from the notebook's date and the module it imported from, and a call whose era does not settle the names is left alone.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given/ }],
    pattern: true,
  },
  needles: [KEYWORD_ONLY_NEEDLE],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      // the callee's last name first (a text lookup), then the import resolution and the arguments
      const fn = call.childForFieldName('function');
      if (!fn) continue;
      const text = parsed.text(fn);
      const last = text.slice(text.lastIndexOf('.') + 1);
      if (!(last in SKLEARN_KEYWORD_ONLY)) continue;
      const qualified = ctx.imports.resolve(fn, parsed);
      const known = qualified
        ? qualified.startsWith('sklearn.')
        : fn.type === 'identifier' && ctx.imports.starModules.some((m) => m.startsWith('sklearn'));
      const today = SKLEARN_KEYWORD_ONLY[last];
      const positional = positionalArguments(call).length;
      if (!known || !today || positional <= today[0]) continue;
      // the order of the notebook's era, not today's: a 2015 learning_curve(est, X, y, sizes) meant train_sizes
      const module = qualified && qualified.includes('.') ? qualified.slice(0, qualified.lastIndexOf('.')) : null;
      const choice = eraSignature(today, SKLEARN_POSITIONAL_HISTORY[last], ctx.created, module, positional);
      if ('signature' in choice) edits.push(...positionalToKeywordEdits(call, choice.signature, parsed, 2));
    }
    return edits;
  },
});

// sklearn.multiclass-average — precision_score(y, p) on a multiclass target → average='weighted', the old default
//
// Why it broke: scikit-learn 0.18 (2016-09-28), deprecated since 0.17: precision, recall, F-scores and their support
// no longer fall back to average='weighted' for a multiclass or multilabel target; the default 'binary' raises
// "Target is multiclass but average='binary'".
// Changelog: https://scikit-learn.org/stable/whats_new/v0.18.html (API changes: the metrics' average default)
// Example:
//     print(recall_score(y_test, y_pred))
//   →
//     print(recall_score(y_test, y_pred, average='weighted'))
// Fix safety: Same result: 'weighted' is what the call computed for a multiclass target before 0.18 (0.17 warned
// that it did so). Only on the line the error points at, and only for calls that set no average.
// Left alone: calls that set average, metrics of the notebook's own, lines the error did not point at.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, keywordArgument } from '../../syntax';
import { SK, sk } from './_shared';

const AVERAGED_METRICS = [
  'precision_score',
  'recall_score',
  'f1_score',
  'fbeta_score',
  'precision_recall_fscore_support',
  'jaccard_score',
];

export const multiclassAverage = defineRule({
  id: 'sklearn.multiclass-average',
  title: "precision_score(y, p) on a multiclass target → average='weighted', the old default",
  kind: 'error-repair',
  library: SK,
  since: sk('0.18', '2016-09-28'),
  deprecatedIn: '0.17',
  explanation:
    'Until 0.18 precision_score, recall_score, f1_score, fbeta_score and precision_recall_fscore_support ' +
    "averaged a multiclass target with average='weighted' (0.17 warned that this default would go); " +
    "since then the default 'binary' raises \"Target is multiclass but average='binary'\". On the failing " +
    "line, a call that sets no average gets average='weighted', which computes what it computed then.",
  trigger: { errors: [{ ename: 'ValueError', evalue: /Target is multi(class|label).*average='binary'/ }] },
  errorScope: 'line',
  needles: AVERAGED_METRICS,
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: AVERAGED_METRICS })) {
      if (keywordArgument(call, 'average', parsed)) continue;
      const edit = appendArguments(call, ["average='weighted'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

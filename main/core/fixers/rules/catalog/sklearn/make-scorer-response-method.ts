// sklearn.make-scorer-response-method — make_scorer(f, needs_proba=True) → response_method='predict_proba';
// needs_threshold=True → response_method=('decision_function', 'predict_proba')
//
// Why it broke: scikit-learn 1.6 (2024-12-09), deprecated since 1.4: make_scorer no longer has needs_proba and
// needs_threshold. It passes unknown keywords on to the metric, so the old call still builds a scorer, and every
// score it computes fails inside the metric ("got an unexpected keyword argument 'needs_proba'"): a search or
// cross_val_score catches that and reports nan with a warning, without an error.
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.4.rst
// Example:
//     auc = make_scorer(roc_auc_score, needs_proba=True)
//     ap = make_scorer(average_precision_score, needs_threshold=True)
//   →
//     auc = make_scorer(roc_auc_score, response_method='predict_proba')
//     ap = make_scorer(average_precision_score, response_method=('decision_function', 'predict_proba'))
// Fix safety: Same result: 1.4 introduced response_method as the same choice (needs_proba scored predict_proba,
// needs_threshold decision_function and else predict_proba; for a binary problem the positive class's column in both).
// needs_proba=False and needs_threshold=False were the defaults and go.
// Left alone: a flag given by a name (its value is unknown here), both flags True (make_scorer rejected that),
// a user's own make_scorer.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';
import { SK, sk } from './_shared';

const RESPONSE: Record<string, string> = {
  needs_proba: "'predict_proba'",
  needs_threshold: "('decision_function', 'predict_proba')",
};

export const makeScorerResponseMethod = defineRule({
  id: 'sklearn.make-scorer-response-method',
  title:
    "make_scorer(f, needs_proba=True) → response_method='predict_proba'; " +
    "needs_threshold=True → response_method=('decision_function', 'predict_proba')",
  kind: 'error-repair',
  library: SK,
  since: sk('1.6', '2024-12-09'),
  deprecatedIn: '1.4',
  explanation:
    "scikit-learn 1.4 replaced make_scorer's needs_proba and needs_threshold with response_method and 1.6 " +
    'removed them. make_scorer passes unknown keywords to the metric, so the old call builds a scorer ' +
    'whose every score fails inside the metric; cross_val_score and the searches report nan with a warning ' +
    "instead of an error. needs_proba=True is response_method='predict_proba', needs_threshold=True is " +
    "response_method=('decision_function', 'predict_proba') (the same fallback), and the False defaults go.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument '(needs_proba|needs_threshold)'/ }],
    pattern: true,
  },
  needles: ['needs_proba', 'needs_threshold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['make_scorer'] })) {
      const flags = Object.keys(RESPONSE)
        .map((name) => ({ name, kw: keywordArgument(call, name, parsed) }))
        .filter((f): f is { name: string; kw: Node } => f.kw !== null);
      const values = flags.map((f) => f.kw.childForFieldName('value')?.type);
      if (flags.length === 0 || values.some((v) => v !== 'true' && v !== 'false')) continue;
      if (values.filter((v) => v === 'true').length > 1 || keywordArgument(call, 'response_method', parsed)) continue;
      for (const [i, flag] of flags.entries()) {
        edits.push(
          values[i] === 'true'
            ? replaceNode(flag.kw, `response_method=${RESPONSE[flag.name] as string}`)
            : removeArgument(flag.kw, call),
        );
      }
    }
    return edits;
  },
});

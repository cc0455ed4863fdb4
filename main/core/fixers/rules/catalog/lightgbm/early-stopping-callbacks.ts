// lightgbm.early-stopping-callbacks — lgb.train(…, early_stopping_rounds=n, verbose_eval=k) →
// callbacks=[lgb.early_stopping(n), lgb.log_evaluation(k)]
//
// Why it broke: LightGBM 4.0 (2023-07-14), deprecated since 3.3: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://github.com/microsoft/LightGBM/releases/tag/v4.0.0
// Example:
//     bst = lgb.train(params, dtrain, 1000, valid_sets=[dval], early_stopping_rounds=100, verbose_eval=50)
//     clf.fit(X, y, eval_set=[(Xv, yv)], early_stopping_rounds=20, verbose=False)
//   →
//     bst = lgb.train(params, dtrain, 1000, valid_sets=[dval], callbacks=[lgb.early_stopping(100), lgb.log_evaluatio …
//     clf.fit(X, y, eval_set=[(Xv, yv)], callbacks=[lgb.early_stopping(20)])
// Fix safety: Same result: the rewrite computes what the code computed before LightGBM 4.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { calleeOf, insertAtCellTop } from '../helpers';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { methodReceiver, methodName, keywordArgument, callArguments, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { constructedEstimators } from '../helpers';

const LGBM_ESTIMATORS = ['LGBMClassifier', 'LGBMRegressor', 'LGBMRanker', 'LGBMModel'];

export const earlyStoppingCallbacks = defineRule({
  id: 'lightgbm.early-stopping-callbacks',
  title:
    'lgb.train(…, early_stopping_rounds=n, verbose_eval=k) → callbacks=[lgb.early_stopping(n), lgb.log_evaluation(k)]',
  kind: 'error-repair',
  library: 'lightgbm',
  since: { package: 'lightgbm', version: '4.0', date: '2023-07-14' },
  deprecatedIn: '3.3',
  explanation:
    'LightGBM 4.0 removed the early_stopping_rounds, verbose_eval/verbose and evals_result arguments ' +
    'of train(), cv() and the scikit-learn fit(); the callbacks lgb.early_stopping(n), ' +
    'lgb.log_evaluation(k) and lgb.record_evaluation(d) do the same, so training stops at the same round.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(train|cv|fit)\(\) got an unexpected keyword argument '(early_stopping_rounds|verbose_eval|verbose|evals_result)'/,
      },
    ],
    pattern: true,
  },
  needles: ['early_stopping_rounds', 'verbose_eval', 'evals_result'],
  prepare(notebook, ctx) {
    return constructedEstimators(
      ctx,
      (call, parsed) => !!calleeOf(call, parsed, ctx.imports, 'lightgbm', LGBM_ESTIMATORS),
    );
  },
  apply(parsed, ctx) {
    const estimators = ctx.state as Set<string>;
    const alias = ctx.imports.aliasFor('lightgbm');
    const lgb = alias ?? 'lightgbm';
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      const receiver = methodReceiver(call);
      const isTrain = q === 'lightgbm.train' || q === 'lightgbm.cv';
      const isFit =
        methodName(call, parsed) === 'fit' &&
        !!receiver &&
        ((receiver.type === 'identifier' && estimators.has(parsed.text(receiver))) ||
          (receiver.type === 'call' && !!calleeOf(receiver, parsed, ctx.imports, 'lightgbm', LGBM_ESTIMATORS)));
      if (!isTrain && !isFit) continue;
      const stop = keywordArgument(call, 'early_stopping_rounds', parsed);
      const verbose = keywordArgument(call, isTrain ? 'verbose_eval' : 'verbose', parsed);
      const record = keywordArgument(call, 'evals_result', parsed);
      if (!stop && !(isTrain && (verbose || record))) continue;
      const callbacks: string[] = [];
      if (stop) callbacks.push(`${lgb}.early_stopping(${parsed.text(stop.childForFieldName('value') as Node)})`);
      if (verbose) {
        const v = parsed.text(verbose.childForFieldName('value') as Node);
        if (v === 'True') callbacks.push(`${lgb}.log_evaluation(1)`);
        else if (v !== 'False' && v !== '0' && v !== 'None') callbacks.push(`${lgb}.log_evaluation(${v})`);
      }
      if (record) callbacks.push(`${lgb}.record_evaluation(${parsed.text(record.childForFieldName('value') as Node)})`);
      const existing = keywordArgument(call, 'callbacks', parsed)?.childForFieldName('value');
      if (existing && existing.type !== 'list') continue;
      const removed = [stop, verbose, record]
        .filter((kw): kw is Node => kw !== null)
        .sort((a, b) => a.startIndex - b.startIndex);
      const args = callArguments(call);
      // each removed keyword goes with the comma before it; the first one becomes callbacks= (when there is none)
      const withComma = (kw: Node): SourceEdit | null => {
        const previous = args[args.findIndex((a) => a.startIndex === kw.startIndex) - 1];
        return previous ? { start: previous.endIndex, end: kw.endIndex, text: '' } : null;
      };
      const first = removed[0] as Node;
      const rest = removed.slice(1).map(withComma);
      if (rest.some((edit) => !edit)) continue;
      if (existing) {
        const firstEdit = withComma(first);
        if (!firstEdit) continue;
        edits.push(firstEdit, ...(rest as SourceEdit[]));
        const last = existing.namedChildren.at(-1);
        if (callbacks.length > 0)
          edits.push(
            last
              ? insertAt(last.endIndex, `, ${callbacks.join(', ')}`)
              : insertAt(existing.startIndex + 1, callbacks.join(', ')),
          );
      } else {
        edits.push(
          callbacks.length > 0
            ? replaceNode(first, `callbacks=[${callbacks.join(', ')}]`)
            : (withComma(first) ?? removeArgument(first, call)),
          ...(rest as SourceEdit[]),
        );
      }
    }
    if (edits.length > 0 && !alias) edits.push(insertAtCellTop(parsed, 'import lightgbm'));
    return edits;
  },
});

// xgboost.fit-early-stopping — model.fit(…, early_stopping_rounds=…, eval_metric=…) →
// XGBClassifier(early_stopping_rounds=…, eval_metric=…)
//
// Why it broke: XGBoost 2.0 (2023-09-12), deprecated since 1.6: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v2.0.0.html
// Example:
//     model = XGBClassifier(n_estimators=500, learning_rate=0.05)
//   →
//     model = XGBClassifier(n_estimators=500, learning_rate=0.05, early_stopping_rounds=50, eval_metric='auc')
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under xgboost 1.7.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { calleeOf } from '../helpers';
import {
  methodReceiver,
  methodName,
  keywordArgument,
  appendArguments,
  keywordName,
  removeArgument,
} from '../../syntax';
import type { SourceEdit } from '../../source-edit';
import { constructedEstimators } from '../helpers';
import { XGB_ESTIMATORS, isXgbEstimator } from './_shared';

/** Literal values that can move from one call to another without depending on what runs in between. */
const LITERALS = new Set(['integer', 'float', 'string', 'true', 'false', 'none']);

function isLiteral(node: Node | null): boolean {
  if (!node) return false;
  if (LITERALS.has(node.type)) return true;
  return (node.type === 'list' || node.type === 'tuple') && node.namedChildren.every((c) => LITERALS.has(c.type));
}

/** Estimator variables (`model = XGBClassifier(…)`) → the fit keywords to move into their constructor. */
type MovedFitKeywords = Map<string, Map<string, string>>;

const FIT_TO_CONSTRUCTOR = ['early_stopping_rounds', 'eval_metric'];

export const fitEarlyStopping = defineRule({
  id: 'xgboost.fit-early-stopping',
  title: 'model.fit(…, early_stopping_rounds=…, eval_metric=…) → XGBClassifier(early_stopping_rounds=…, eval_metric=…)',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  deprecatedIn: '1.6',
  explanation:
    "XGBoost 2.0 removed early_stopping_rounds and eval_metric from the scikit-learn wrapper's fit(); they are constructor parameters since 1.6. The values move from the fit call to the constructor of the same estimator (eval_set and verbose stay on fit), so training stops at the same round with the same metric.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /fit\(\) got an unexpected keyword argument '(early_stopping_rounds|eval_metric)'/,
      },
    ],
    pattern: true,
  },
  needles: (source, state) =>
    /XGB/.test(source) ||
    ([...((state as MovedFitKeywords | undefined)?.keys() ?? [])].some((name) => source.includes(name)) &&
      /early_stopping_rounds|eval_metric|XGB/.test(source)),
  prepare(notebook, ctx) {
    const estimators = constructedEstimators(
      notebook,
      (call, parsed) => !!calleeOf(call, parsed, ctx.imports, 'xgboost', XGB_ESTIMATORS),
    );
    const moved: MovedFitKeywords = new Map();
    const conflicting = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!/early_stopping_rounds|eval_metric/.test(source)) continue;
      const parsed = notebook.parse(cellIndex);
      // every cell, whole: the fit keywords move to the estimator's constructor, wherever it is fitted
      for (const call of parsed.nodes('call')) {
        const receiver = methodReceiver(call);
        if (
          methodName(call, parsed) !== 'fit' ||
          receiver?.type !== 'identifier' ||
          !estimators.has(parsed.text(receiver))
        )
          continue;
        const name = parsed.text(receiver);
        for (const kw of FIT_TO_CONSTRUCTOR) {
          const value = keywordArgument(call, kw, parsed)?.childForFieldName('value') ?? null;
          if (!value) continue;
          if (!isLiteral(value)) conflicting.add(name);
          const values = moved.get(name) ?? new Map<string, string>();
          if (values.has(kw) && values.get(kw) !== parsed.text(value)) conflicting.add(name);
          values.set(kw, parsed.text(value));
          moved.set(name, values);
        }
      }
    }
    for (const name of conflicting) moved.delete(name);
    return moved;
  },
  apply(parsed, ctx) {
    const moved = ctx.state as MovedFitKeywords;
    const edits: SourceEdit[] = [];
    const addTo = (constructor: Node, values: ReadonlyMap<string, string>): void => {
      const missing = [...values]
        .filter(([kw]) => !keywordArgument(constructor, kw, parsed))
        .map(([kw, v]) => `${kw}=${v}`);
      const edit = appendArguments(constructor, missing, parsed);
      if (edit && missing.length > 0) edits.push(edit);
    };
    for (const call of ctx.nodes('call')) {
      // constructor of a variable whose fit passes the keywords
      const parent = call.parent;
      if (
        parent?.type === 'assignment' &&
        parent.childForFieldName('right')?.startIndex === call.startIndex &&
        isXgbEstimator(call, parsed, ctx)
      ) {
        const values = moved.get(parsed.text(parent.childForFieldName('left') as Node));
        if (values) addTo(call, values);
        continue;
      }
      if (methodName(call, parsed) !== 'fit') continue;
      const receiver = methodReceiver(call);
      const inline = receiver?.type === 'call' && isXgbEstimator(receiver, parsed, ctx);
      if (!receiver || (!inline && !(receiver.type === 'identifier' && moved.has(parsed.text(receiver))))) continue;
      const kws = FIT_TO_CONSTRUCTOR.map((kw) => keywordArgument(call, kw, parsed)).filter(
        (kw): kw is Node => kw !== null,
      );
      if (inline) {
        if (kws.some((kw) => !isLiteral(kw.childForFieldName('value')))) continue;
        addTo(
          receiver,
          new Map(kws.map((kw) => [keywordName(kw, parsed), parsed.text(kw.childForFieldName('value') as Node)])),
        );
      }
      for (const kw of kws) edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});

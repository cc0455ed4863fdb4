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
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 2.0. Each fit's keywords go to
// the constructor that variable holds at that fit (notebook order: an earlier `model = XGBRegressor(…)` that a
// GridSearchCV fits without an eval set keeps no early stopping); a rounds value given by a name is written as the
// literal every assignment of that name binds; where that cannot be settled (a computed value, a name bound to
// different values, one constructor fitted with different values) the rule leaves the code alone.
// Left alone: not under xgboost 1.7.
import type { Node } from 'web-tree-sitter';
import { defineRule, type RuleRunContext } from '../../rule';
import type { ParsedSource } from '../../../../python/python-parser';
import { calleeOf } from '../helpers';
import {
  methodReceiver,
  methodName,
  keywordArgument,
  appendArguments,
  keywordName,
  removeArgument,
} from '../../syntax';
import { cellBindings } from '../../bindings';
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

/**
 * What moves where: the fit keywords of each constructor (`model = XGBRegressor(…)`, keyed by cell and its ordinal
 * among the cell's estimator assignments) taken from the fit of that variable that follows it before the name is
 * bound again, and the fits (cell and ordinal among the cell's fit calls) whose keywords moved.
 */
interface MovedFitKeywords {
  constructors: Map<string, Map<string, string>>;
  fits: Set<string>;
}

const FIT_TO_CONSTRUCTOR = ['early_stopping_rounds', 'eval_metric'];

/** Names every assignment of which, in the whole notebook, binds the same literal (`early_stopping_rounds = 10`). */
function literalNames(ctx: Pick<RuleRunContext, 'bindings'>): Map<string, string> {
  const values = new Map<string, string | null>();
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'] })) {
    if (left.type !== 'identifier') continue;
    const name = parsed.text(left);
    const text = isLiteral(right) ? parsed.text(right as Node) : null;
    values.set(name, values.has(name) && values.get(name) !== text ? null : text);
  }
  return new Map([...values].filter((entry): entry is [string, string] => entry[1] !== null));
}

export const fitEarlyStopping = defineRule({
  id: 'xgboost.fit-early-stopping',
  title: 'model.fit(…, early_stopping_rounds=…, eval_metric=…) → XGBClassifier(early_stopping_rounds=…, eval_metric=…)',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  deprecatedIn: '1.6',
  explanation:
    "XGBoost 2.0 removed early_stopping_rounds and eval_metric from the scikit-learn wrapper's fit(); they " +
    'are constructor parameters since 1.6. The values move from the fit call to the constructor of the same ' +
    'estimator (eval_set and verbose stay on fit), so training stops at the same round with the same metric.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /fit\(\) got an unexpected keyword argument '(early_stopping_rounds|eval_metric)'/,
      },
    ],
    pattern: true,
  },
  needles: (source) => /XGB|early_stopping_rounds|eval_metric/.test(source),
  prepare(notebook, ctx) {
    const isConstructor = (call: Node, parsed: ParsedSource): boolean =>
      !!calleeOf(call, parsed, ctx.imports, 'xgboost', XGB_ESTIMATORS);
    const estimators = constructedEstimators(ctx, isConstructor);
    const literals = literalNames(ctx);
    const moved: MovedFitKeywords = { constructors: new Map(), fits: new Set() };
    const conflicting = new Set<string>();
    // the constructor each estimator name holds, in notebook order (cells in order, statements in source order)
    const current = new Map<string, string | null>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (![...estimators].some((name) => source.includes(name))) continue;
      const parsed = notebook.parse(cellIndex);
      let constructorOrdinal = 0;
      let fitOrdinal = 0;
      const assignments = cellBindings(parsed, ['assignment']).map(({ node }) => node);
      const events = [...assignments, ...parsed.nodes('call')].sort(
        (a, b) => a.startIndex - b.startIndex || (a.type === 'assignment' ? -1 : 1),
      );
      for (const node of events) {
        if (node.type === 'assignment') {
          const left = node.childForFieldName('left');
          const right = node.childForFieldName('right');
          if (left?.type !== 'identifier' || !estimators.has(parsed.text(left))) continue;
          const isXgb = right?.type === 'call' && isConstructor(right, parsed);
          current.set(parsed.text(left), isXgb ? `${cellIndex}:${constructorOrdinal}` : null);
          if (isXgb) constructorOrdinal += 1;
          continue;
        }
        if (methodName(node, parsed) !== 'fit') continue;
        const fitKey = `${cellIndex}:${fitOrdinal}`;
        fitOrdinal += 1;
        const receiver = methodReceiver(node);
        if (receiver?.type !== 'identifier' || !estimators.has(parsed.text(receiver))) continue;
        const constructor = current.get(parsed.text(receiver));
        const kws = FIT_TO_CONSTRUCTOR.map((kw) => keywordArgument(node, kw, parsed)).filter(
          (kw): kw is Node => kw !== null,
        );
        if (kws.length === 0) continue;
        if (!constructor) continue;
        const values = moved.constructors.get(constructor) ?? new Map<string, string>();
        for (const kw of kws) {
          const name = keywordName(kw, parsed);
          const value = kw.childForFieldName('value');
          const text = isLiteral(value)
            ? parsed.text(value as Node)
            : value?.type === 'identifier'
              ? literals.get(parsed.text(value))
              : undefined;
          if (text === undefined || (values.has(name) && values.get(name) !== text)) conflicting.add(constructor);
          else values.set(name, text);
        }
        moved.constructors.set(constructor, values);
        moved.fits.add(`${fitKey}>${constructor}`);
      }
    }
    for (const key of conflicting) moved.constructors.delete(key);
    moved.fits = new Set(
      [...moved.fits]
        .filter((f) => moved.constructors.has(f.slice(f.indexOf('>') + 1)))
        .map((f) => f.split('>')[0] as string),
    );
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
    // ordinals over the whole cell, as prepare() counted them
    let constructorOrdinal = 0;
    const constructorKeys = new Map<number, string>();
    for (const { target: left, value: right } of cellBindings(parsed, ['assignment'])) {
      if (left.type !== 'identifier' || right?.type !== 'call' || !isXgbEstimator(right, parsed, ctx)) continue;
      constructorKeys.set(right.startIndex, `${ctx.cellIndex}:${constructorOrdinal}`);
      constructorOrdinal += 1;
    }
    const fitKeys = new Map<number, string>();
    parsed
      .nodes('call')
      .filter((call) => methodName(call, parsed) === 'fit')
      .forEach((call, ordinal) => fitKeys.set(call.startIndex, `${ctx.cellIndex}:${ordinal}`));
    for (const call of ctx.nodes('call')) {
      const constructorKey = constructorKeys.get(call.startIndex);
      if (constructorKey !== undefined) {
        const values = moved.constructors.get(constructorKey);
        if (values) addTo(call, values);
        continue;
      }
      if (methodName(call, parsed) !== 'fit') continue;
      const receiver = methodReceiver(call);
      const inline = receiver?.type === 'call' && isXgbEstimator(receiver, parsed, ctx);
      if (!receiver || (!inline && !moved.fits.has(fitKeys.get(call.startIndex) ?? ''))) continue;
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

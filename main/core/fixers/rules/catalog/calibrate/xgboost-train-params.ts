// calibrate.xgboost-train-params — xgb.train/xgb.cv params: pin 'tree_method': 'exact', 'base_score': 0.5 (defaults
// before 2.0)
//
// Why it broke: XGBoost 2.0 (2023-09-12) changed two defaults of the native training API too, so a notebook written
// before it computes something else today: `hist` became the default tree method (before, `auto` chose `exact` for
// data of up to 2^22 rows and `approx` above) and base_score, a constant 0.5 before, is now estimated from the labels.
// Changelog: https://github.com/dmlc/xgboost/blob/master/NEWS.md#200-2023-aug-16
// Example:
//     params = {'objective': 'binary:logistic', 'eta': 0.1, 'max_depth': 4}
//     bst = xgb.train(params, dtrain, num_boost_round=200)
//   →
//     params = {'objective': 'binary:logistic', 'eta': 0.1, 'max_depth': 4, 'tree_method': 'exact', 'base_score': 0.5}
//     bst = xgb.train(params, dtrain, num_boost_round=200)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review. Data over 2^22 rows got `approx` from `auto`;
// `exact` gives the old splits only below that size (a notebook's data nearly always is).
// Left alone: not for a notebook written after 2.0; keys the dict sets; a dict bound to a name the notebook assigns
// more than once (a parameter grid may share the name), built from ** or with computed keys; parameters `exact` does
// not take (grow_policy, max_leaves, max_bin, updater, a GPU device) or a linear booster.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { BINDING_STATEMENTS, cellBindings } from '../../bindings';
import { defineRule, type NotebookView, type RuleRunContext } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { appendArguments, keywordArgument, positionalArguments, stringContent } from '../../syntax';

const PINS: [string, string][] = [
  ['tree_method', "'exact'"],
  ['base_score', '0.5'],
];
/** Parameters of the `hist`/`approx` methods, the GPU or a chosen updater: the dict did not train on `exact`. */
const NOT_EXACT = ['grow_policy', 'max_leaves', 'max_bin', 'updater', 'device', 'gpu_id', 'process_type'];

interface State {
  /** names passed as params to xgb.train/xgb.cv that the notebook binds exactly once */
  names: Set<string>;
}

/** The params argument of xgb.train/xgb.cv (first positional, or params=). */
function paramsArgument(call: Node, parsed: ParsedSource): Node | null {
  return keywordArgument(call, 'params', parsed)?.childForFieldName('value') ?? positionalArguments(call)[0] ?? null;
}

function trainCalls(parsed: ParsedSource, ctx: Pick<RuleRunContext, 'imports'>): Node[] {
  return parsed
    .nodes('call')
    .filter((call) => ctx.imports.refersTo(call.childForFieldName('function'), parsed, 'xgboost', ['train', 'cv']));
}

/** How many times each name is bound (assigned, a loop target, a parameter, defined, imported) in the cell. */
function countBindings(parsed: ParsedSource, counts: Map<string, number>): void {
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const { kind, target } of cellBindings(parsed, [...BINDING_STATEMENTS, 'definition', 'parameters'])) {
    // a definition's target is its name; a parameter list counts every name in it, defaults included
    if (kind === 'parameters') for (const id of target.descendantsOfType('identifier')) add(parsed.text(id));
    else if (target.type === 'identifier') add(parsed.text(target));
    else
      for (const id of target.descendantsOfType('identifier'))
        if (id.parent?.type !== 'attribute') add(parsed.text(id));
  }
}

function prepare(notebook: NotebookView, ctx: RuleRunContext): State {
  const passed = new Set<string>();
  const counts = new Map<string, number>();
  for (const cellIndex of notebook.codeCells) {
    const parsed = notebook.parse(cellIndex);
    countBindings(parsed, counts);
    if (!/\b(train|cv)\s*\(/.test(notebook.source(cellIndex))) continue;
    for (const call of trainCalls(parsed, ctx)) {
      const params = paramsArgument(call, parsed);
      if (params?.type === 'identifier') passed.add(parsed.text(params));
    }
  }
  return { names: new Set([...passed].filter((name) => counts.get(name) === 1)) };
}

/** The keys a dict literal or dict(...) call sets, or null when it cannot tell (**splat, computed keys). */
function keysOf(dict: Node, parsed: ParsedSource): Map<string, Node> | null {
  const keys = new Map<string, Node>();
  if (dict.type === 'dictionary') {
    for (const child of dict.namedChildren) {
      if (child.type === 'comment') continue;
      if (child.type !== 'pair') return null;
      const key = stringContent(child.childForFieldName('key'), parsed);
      const value = child.childForFieldName('value');
      if (key === null || !value) return null;
      keys.set(key, value);
    }
    return keys;
  }
  const args = dict.childForFieldName('arguments');
  for (const arg of args?.namedChildren ?? []) {
    if (arg.type === 'comment') continue;
    if (arg.type !== 'keyword_argument') return null;
    const name = arg.childForFieldName('name');
    const value = arg.childForFieldName('value');
    if (!name || !value) return null;
    keys.set(parsed.text(name), value);
  }
  return keys;
}

/** The edit that adds the missing pins to a params dict, or null. */
function pinEdit(dict: Node, parsed: ParsedSource): SourceEdit | null {
  const isDictCall =
    dict.type === 'call' &&
    dict.childForFieldName('function')?.type === 'identifier' &&
    parsed.text(dict.childForFieldName('function') as Node) === 'dict';
  if (dict.type !== 'dictionary' && !isDictCall) return null;
  const keys = keysOf(dict, parsed);
  if (!keys || NOT_EXACT.some((key) => keys.has(key))) return null;
  const booster = keys.get('booster');
  if (booster && stringContent(booster, parsed) === 'gblinear') return null;
  const missing = PINS.filter(([key]) => !keys.has(key));
  if (missing.length === 0) return null;
  if (isDictCall)
    return appendArguments(
      dict,
      missing.map(([key, value]) => `${key}=${value}`),
      parsed,
    );
  const texts = missing.map(([key, value]) => `'${key}': ${value}`);
  const items = dict.namedChildren.filter((child) => child.type === 'pair');
  const last = items.at(-1);
  if (!last) return insertAt(dict.startIndex + 1, texts.join(', '));
  const after = parsed.source.slice(last.endIndex, dict.endIndex - 1);
  const comma = /^\s*,/.exec(after);
  if (comma) return insertAt(last.endIndex + comma[0].length, ` ${texts.join(', ')},`);
  return insertAt(last.endIndex, `, ${texts.join(', ')}`);
}

export const xgboostTrainParams = defineRule({
  id: 'calibrate.xgboost-train-params',
  title: "xgb.train/xgb.cv params: pin 'tree_method': 'exact', 'base_score': 0.5 (defaults before 2.0)",
  kind: 'score-calibration',
  library: 'xgboost',
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  explanation:
    'XGBoost 2.0 made `hist` the default tree method of xgb.train/xgb.cv (before, `auto` picked ' +
    'the exact greedy algorithm for data of up to 2^22 rows) and estimates base_score from the ' +
    'labels instead of starting every model at 0.5: the boosters, and the scores, differ from ' +
    "those of the notebook's era. The old values are added to the params dict the notebook passes.",
  trigger: { pattern: true },
  // the calls, and the cells that bind a dict they are given
  needles: (source, state) =>
    /\b(train|cv)\s*\(/.test(source) || [...(state as State).names].some((name) => source.includes(name)),
  flags: ['defaults-pinned'],
  prepare,
  apply(parsed, ctx) {
    const state = ctx.state as State;
    const edits: SourceEdit[] = [];
    const push = (edit: SourceEdit | null) => {
      if (edit) edits.push(edit);
    };
    // a dict written in the call
    for (const { node: call } of ctx.calls({ module: 'xgboost', names: ['train', 'cv'] })) {
      const params = paramsArgument(call, parsed);
      if (params && params.type !== 'identifier') push(pinEdit(params, parsed));
    }
    // `params = {…}`, bound once in the notebook and passed to xgb.train/xgb.cv
    if (state.names.size > 0) {
      for (const assignment of ctx.nodes('assignment')) {
        const left = assignment.childForFieldName('left');
        const right = assignment.childForFieldName('right');
        if (left?.type === 'identifier' && right && state.names.has(parsed.text(left))) push(pinEdit(right, parsed));
      }
    }
    return edits;
  },
});

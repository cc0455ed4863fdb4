// XGBoost (and LightGBM): scikit-learn wrapper arguments renamed in 1.0 (silent → verbosity, seed →
// random_state, nthread → n_jobs), the GPU tree method on machines without a GPU, the 2.0 removals (fit's
// early_stopping_rounds/eval_metric, predict's ntree_limit) and LightGBM 4.0's early-stopping callbacks.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type NotebookView, type Rule } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  appendArguments,
  callArguments,
  keywordArgument,
  keywordName,
  methodName,
  methodReceiver,
  removeArgument,
  replaceStringContent,
  stringContent,
} from '../syntax';
import { calleeOf, insertAtCellTop } from './helpers';

const XGB_ESTIMATORS = ['XGBClassifier', 'XGBRegressor', 'XGBRanker', 'XGBRFClassifier', 'XGBRFRegressor'];

function isXgbEstimator(call: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  return !!calleeOf(call, parsed, ctx.imports, 'xgboost', XGB_ESTIMATORS);
}

const wrapperArguments = defineRule({
  id: 'xgboost.sklearn-wrapper-arguments',
  title: 'XGBClassifier(silent=…, seed=…, nthread=…) → verbosity, random_state, n_jobs',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '1.0', date: '2020-02-20' },
  deprecatedIn: '0.81',
  explanation:
    "XGBoost's scikit-learn wrapper renamed silent → verbosity (silent=True → verbosity=0), seed → random_state and nthread → n_jobs; since 1.0 the old names are passed on as unknown booster parameters and ignored with a warning, so the seed the notebook set had no effect.",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(silent|seed|nthread)'/ },
      { ename: 'XGBoostError', evalue: /silent|nthread/ },
    ],
    pattern: true,
  },
  needles: ['silent', 'seed', 'nthread'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !isXgbEstimator(call, parsed, ctx)) continue;
      const silent = keywordArgument(call, 'silent', parsed);
      if (silent && !keywordArgument(call, 'verbosity', parsed)) {
        const value = parsed.text(silent.childForFieldName('value') as Node);
        const verbosity = value === 'True' || value === '1' ? '0' : value === 'False' || value === '0' ? '1' : null;
        if (verbosity) edits.push(replaceNode(silent, `verbosity=${verbosity}`));
      }
      for (const [oldName, newName] of [
        ['seed', 'random_state'],
        ['nthread', 'n_jobs'],
      ] as const) {
        const kw = keywordArgument(call, oldName, parsed);
        const name = kw?.childForFieldName('name');
        if (kw && name && !keywordArgument(call, newName, parsed)) edits.push(replaceNode(name, newName));
      }
    }
    return edits;
  },
});

const gpuHistWithoutGpu = defineRule({
  id: 'xgboost.gpu-hist-without-gpu',
  title: "tree_method='gpu_hist' → 'hist' when the runtime has no GPU",
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '0.0' },
  explanation:
    "The notebook asks for XGBoost's GPU algorithm but this runtime has no GPU; 'hist' is the same histogram algorithm on the CPU (and 'cpu_predictor' replaces 'gpu_predictor').",
  trigger: { errors: [{ ename: 'XGBoostError', evalue: /gpu_hist|GPU|CUDA|cuda/ }], pattern: true },
  needles: ['gpu_hist', 'gpu_predictor', 'gpu_exact'],
  apply(parsed, ctx) {
    if (ctx.env.gpus.length > 0) return [];
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      if (!ctx.inScope(node)) continue;
      const content = stringContent(node, parsed);
      const replacement =
        content === 'gpu_hist' || content === 'gpu_exact'
          ? 'hist'
          : content === 'gpu_predictor'
            ? 'cpu_predictor'
            : null;
      // only as the value of tree_method/predictor (keyword or params dict entry)
      const parent = node.parent;
      const key =
        parent?.type === 'keyword_argument'
          ? parsed.text(parent.childForFieldName('name') as Node)
          : parent?.type === 'pair'
            ? stringContent(parent.childForFieldName('key'), parsed)
            : null;
      if (!replacement || (key !== 'tree_method' && key !== 'predictor')) continue;
      const edit = replaceStringContent(node, replacement);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

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

function constructedEstimators(
  notebook: NotebookView,
  matches: (call: Node, parsed: ParsedSource) => boolean,
): Set<string> {
  const names = new Set<string>();
  for (const cellIndex of notebook.codeCells) {
    if (!/XGB|LGBM/.test(notebook.source(cellIndex))) continue;
    const parsed = notebook.parse(cellIndex);
    for (const assignment of parsed.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const right = assignment.childForFieldName('right');
      if (left?.type === 'identifier' && right?.type === 'call' && matches(right, parsed)) names.add(parsed.text(left));
    }
  }
  return names;
}

const fitEarlyStopping = defineRule({
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
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
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

const ntreeLimit = defineRule({
  id: 'xgboost.ntree-limit',
  title: 'predict(…, ntree_limit=m.best_ntree_limit) → iteration_range=(0, m.best_iteration + 1)',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '2.0', date: '2023-09-12' },
  deprecatedIn: '1.4',
  explanation:
    "XGBoost 2.0 removed predict's ntree_limit and the best_ntree_limit attribute: iteration_range=(0, n) uses the same first n boosting rounds, and best_ntree_limit was best_iteration + 1 (for one tree per round).",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument 'ntree_limit'/ },
      { ename: 'AttributeError', evalue: /has no attribute 'best_ntree_limit'/ },
    ],
    pattern: true,
  },
  needles: ['ntree_limit'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const handled = new Set<number>();
    for (const call of parsed.nodes('call')) {
      const kw = keywordArgument(call, 'ntree_limit', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value || !ctx.inScope(call) || keywordArgument(call, 'iteration_range', parsed)) continue;
      const best =
        value.type === 'attribute' && parsed.text(value.childForFieldName('attribute') as Node) === 'best_ntree_limit';
      const limit = best
        ? `${parsed.text(value.childForFieldName('object') as Node)}.best_iteration + 1`
        : parsed.text(value);
      edits.push(replaceNode(kw, `iteration_range=(0, ${limit})`));
      handled.add(value.startIndex);
    }
    for (const attr of parsed.nodes('attribute')) {
      if (
        handled.has(attr.startIndex) ||
        !ctx.inScope(attr) ||
        parsed.text(attr.childForFieldName('attribute') as Node) !== 'best_ntree_limit'
      )
        continue;
      if (attr.parent?.type === 'assignment' && attr.parent.childForFieldName('left')?.startIndex === attr.startIndex)
        continue;
      edits.push(replaceNode(attr, `(${parsed.text(attr.childForFieldName('object') as Node)}.best_iteration + 1)`));
    }
    return edits;
  },
});

const LGBM_ESTIMATORS = ['LGBMClassifier', 'LGBMRegressor', 'LGBMRanker', 'LGBMModel'];

const lightgbmCallbacks = defineRule({
  id: 'lightgbm.early-stopping-callbacks',
  title:
    'lgb.train(…, early_stopping_rounds=n, verbose_eval=k) → callbacks=[lgb.early_stopping(n), lgb.log_evaluation(k)]',
  kind: 'error-repair',
  library: 'lightgbm',
  since: { package: 'lightgbm', version: '4.0', date: '2023-07-14' },
  deprecatedIn: '3.3',
  explanation:
    'LightGBM 4.0 removed the early_stopping_rounds, verbose_eval/verbose and evals_result arguments of train(), cv() and the scikit-learn fit(); the callbacks lgb.early_stopping(n), lgb.log_evaluation(k) and lgb.record_evaluation(d) do the same, so training stops at the same round.',
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
      notebook,
      (call, parsed) => !!calleeOf(call, parsed, ctx.imports, 'lightgbm', LGBM_ESTIMATORS),
    );
  },
  apply(parsed, ctx) {
    const estimators = ctx.state as Set<string>;
    const alias = ctx.imports.aliasFor('lightgbm');
    const lgb = alias ?? 'lightgbm';
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
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

const OBJECTIVE_ALIASES: Record<string, string> = { 'reg:linear': 'reg:squarederror' };

const objectiveAliases = defineRule({
  id: 'xgboost.renamed-objective-and-booster',
  title: "objective='reg:linear' → 'reg:squarederror'; model.booster() → model.get_booster()",
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '1.0', date: '2020-02-20' },
  deprecatedIn: '0.90',
  explanation:
    "XGBoost renamed the squared-error objective 'reg:linear' to 'reg:squarederror' (same loss) and the scikit-learn wrapper's booster() accessor to get_booster() (same Booster).",
  trigger: {
    errors: [
      { ename: 'XGBoostError', evalue: /reg:linear/ },
      { ename: 'AttributeError', evalue: /object has no attribute 'booster'/ },
    ],
    pattern: true,
  },
  needles: ['reg:linear', '.booster()'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      const content = stringContent(node, parsed);
      const renamed = content ? OBJECTIVE_ALIASES[content] : undefined;
      if (!renamed || renamed === content || !ctx.inScope(node)) continue;
      const parent = node.parent;
      const key =
        parent?.type === 'keyword_argument'
          ? parsed.text(parent.childForFieldName('name') as Node)
          : parent?.type === 'pair'
            ? stringContent(parent.childForFieldName('key'), parsed)
            : null;
      if (key !== 'objective') continue;
      const edit = replaceStringContent(node, renamed);
      if (edit) edits.push(edit);
    }
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'booster' || callArguments(call).length > 0 || !ctx.inScope(call)) continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'get_booster'),
      );
    }
    return edits;
  },
});

export const XGBOOST_RULES: Rule[] = [
  wrapperArguments,
  gpuHistWithoutGpu,
  fitEarlyStopping,
  ntreeLimit,
  lightgbmCallbacks,
  objectiveAliases,
];

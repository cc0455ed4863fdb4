// XGBoost: scikit-learn wrapper arguments renamed in 1.0 (silent → verbosity, seed → random_state,
// nthread → n_jobs) and the GPU tree method on machines without a GPU.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type Rule } from '../rule';
import { replaceNode, type SourceEdit } from '../source-edit';
import { keywordArgument, replaceStringContent, stringContent } from '../syntax';
import { calleeOf } from './helpers';

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
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument '(silent|seed|nthread)'/ }, { ename: 'XGBoostError', evalue: /silent|nthread/ }], pattern: true },
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
      for (const [oldName, newName] of [['seed', 'random_state'], ['nthread', 'n_jobs']] as const) {
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
  explanation: "The notebook asks for XGBoost's GPU algorithm but this runtime has no GPU; 'hist' is the same histogram algorithm on the CPU (and 'cpu_predictor' replaces 'gpu_predictor').",
  trigger: { errors: [{ ename: 'XGBoostError', evalue: /gpu_hist|GPU|CUDA|cuda/ }], pattern: true },
  needles: ['gpu_hist', 'gpu_predictor', 'gpu_exact'],
  apply(parsed, ctx) {
    if (ctx.env.gpus.length > 0) return [];
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      if (!ctx.inScope(node)) continue;
      const content = stringContent(node, parsed);
      const replacement = content === 'gpu_hist' || content === 'gpu_exact' ? 'hist' : content === 'gpu_predictor' ? 'cpu_predictor' : null;
      // only as the value of tree_method/predictor (keyword or params dict entry)
      const parent = node.parent;
      const key = parent?.type === 'keyword_argument' ? parsed.text(parent.childForFieldName('name') as Node) : parent?.type === 'pair' ? stringContent(parent.childForFieldName('key'), parsed) : null;
      if (!replacement || (key !== 'tree_method' && key !== 'predictor')) continue;
      const edit = replaceStringContent(node, replacement);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

export const XGBOOST_RULES: Rule[] = [wrapperArguments, gpuHistWithoutGpu];

// xgboost.gpu-hist-without-gpu — tree_method='gpu_hist' → 'hist' when the runtime has no GPU
//
// Why it broke: XGBoost 0.0: from this release on the old code fails or computes something else (the explanation
// below cites the release notes).
// Changelog: https://xgboost.readthedocs.io/en/stable/changes/v0.0.0.html
// Example:
//     m = XGBClassifier(tree_method='gpu_hist', predictor='gpu_predictor')
//     params = {'tree_method': 'gpu_hist'}
//   →
//     m = XGBClassifier(tree_method='hist', predictor='cpu_predictor')
//     params = {'tree_method': 'hist'}
// Fix safety: Same result: the rewrite computes what the code computed before XGBoost 0.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: kept when the runtime has a GPU.
import { defineRule } from '../../rule';
import { argumentKey } from '../helpers';
import type { SourceEdit } from '../../source-edit';
import { stringContent, replaceStringContent } from '../../syntax';

export const gpuHistWithoutGpu = defineRule({
  id: 'xgboost.gpu-hist-without-gpu',
  title: "tree_method='gpu_hist' → 'hist' when the runtime has no GPU",
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '0.0' },
  explanation:
    "The notebook asks for XGBoost's GPU algorithm but this runtime has no GPU; 'hist' is " +
    "the same histogram algorithm on the CPU (and 'cpu_predictor' replaces 'gpu_predictor').",
  trigger: { errors: [{ ename: 'XGBoostError', evalue: /gpu_hist|GPU|CUDA|cuda/ }], pattern: true },
  needles: ['gpu_hist', 'gpu_predictor', 'gpu_exact'],
  apply(parsed, ctx) {
    if (ctx.env.gpus.length > 0) return [];
    const edits: SourceEdit[] = [];
    for (const node of ctx.nodes('string')) {
      const content = stringContent(node, parsed);
      const replacement =
        content === 'gpu_hist' || content === 'gpu_exact'
          ? 'hist'
          : content === 'gpu_predictor'
            ? 'cpu_predictor'
            : null;
      // only as the value of tree_method/predictor (keyword or params dict entry)
      const key = argumentKey(node, parsed);
      if (!replacement || (key !== 'tree_method' && key !== 'predictor')) continue;
      const edit = replaceStringContent(node, replacement);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

// runtime.xgboost-gpu — XGBoost on the GPU (tree_method='gpu_hist' / device='cuda') where the notebook asked for a GPU
//
// Why it broke: Nothing broke: a speed-up that applies from XGBoost 0.0.
// Example:
//     m = xgb.XGBClassifier(n_estimators=500)
//   →
//     m = xgb.XGBClassifier(n_estimators=500, tree_method='gpu_hist')
// Fix safety: Close, not identical: XGBoost's GPU histogram algorithm trains the same kind of model, but
// floating-point sums in another order can change the last digits of the score.
// Left alone: nothing without a GPU.
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, isParameterSet, appendArguments } from '../../syntax';

export const xgboostGpu = defineRule({
  id: 'runtime.xgboost-gpu',
  title: "XGBoost on the GPU (tree_method='gpu_hist' / device='cuda') where the notebook asked for a GPU",
  kind: 'runtime-reduction',
  library: 'xgboost',
  since: { package: 'xgboost', version: '0.0' },
  explanation:
    "The notebook was written for a GPU machine and this runtime has one; XGBoost's GPU " +
    "histogram algorithm trains the same kind of model much faster (xgboost ≥ 2.0: device='cuda').",
  trigger: { pattern: true },
  needles: ['XGB'],
  apply(parsed, ctx) {
    if (ctx.env.gpus.length === 0) return [];
    const meta = JSON.stringify(ctx.notebook.notebook.metadata ?? {});
    const askedForGpu =
      /"accelerator"\s*:\s*"(gpu|nvidia)/i.test(meta) ||
      ctx.notebook.codeCells.some((i) => /gpu|cuda/i.test(ctx.notebook.source(i)));
    if (!askedForGpu) return [];
    const version = packageVersion(ctx.env, 'xgboost');
    const modern = version !== null && compareVersions(version, '2.0') >= 0;
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({
      module: 'xgboost',
      names: ['XGBClassifier', 'XGBRegressor', 'XGBRanker'],
    })) {
      if (
        keywordArgument(call, 'tree_method', parsed) ||
        keywordArgument(call, 'device', parsed) ||
        isParameterSet(call, 'gpu_id', parsed)
      )
        continue;
      const edit = appendArguments(call, modern ? ["device='cuda'"] : ["tree_method='gpu_hist'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

// Helpers shared by several xgboost rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';
import { calleeOf } from '../helpers';

export const XGB_ESTIMATORS = ['XGBClassifier', 'XGBRegressor', 'XGBRanker', 'XGBRFClassifier', 'XGBRFRegressor'];

export function isXgbEstimator(call: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  return !!calleeOf(call, parsed, ctx.imports, 'xgboost', XGB_ESTIMATORS);
}

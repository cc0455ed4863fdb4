// The runtime rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// Runtime reduction, safe kinds only (results unchanged): parallel jobs where the notebook left them unset,
// and the GPU for XGBoost where the notebook asked for a GPU and the runtime has one.
export { sklearnParallelJobs } from './sklearn-parallel-jobs';
export { xgboostGpu } from './xgboost-gpu';

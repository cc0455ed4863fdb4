// The joblib rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// joblib (scikit-learn's caching and parallelism companion): Memory's cachedir argument, renamed location in 0.12.
export { memoryLocation } from './memory-location';

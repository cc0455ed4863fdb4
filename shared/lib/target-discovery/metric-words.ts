// The words target discovery reads: metric names (and their direction), words that make a number something other
// than a score, scoring calls, and the lines of progress logs and timestamps.

export interface MetricWord {
  metric: string;
  re: RegExp;
  /** null: the name gives no direction (generic "score") */
  higherIsBetter: boolean | null;
  weight: number;
}

// first match wins: specific names before generic ones (roc_auc_score is an AUC, not a "score")
export const METRIC_WORDS: readonly MetricWord[] = [
  { metric: 'logloss', re: /\blog ?loss\b|\bcross ?entropy\b|\bnll\b/, higherIsBetter: false, weight: 3 },
  { metric: 'rmsle', re: /\brmsle\b|\broot mean squared? log/, higherIsBetter: false, weight: 3 },
  { metric: 'rmse', re: /\brmse\b|\broot mean squared? error\b|\brms error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mse', re: /\bmse\b|\bmean squared? error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mae', re: /\bmae\b|\bmean absolute error\b/, higherIsBetter: false, weight: 3 },
  { metric: 'mape', re: /\bmape\b|\bmean absolute percentage error\b/, higherIsBetter: false, weight: 3 },
  {
    metric: 'r2',
    re: /\br2\b|\br ?\^ ?2\b|r²|\br ?-?squ(ared?)?\b|\bexplained variance\b|\bcoefficient of determination\b/,
    higherIsBetter: true,
    weight: 3,
  },
  { metric: 'auc', re: /\b(roc )?auc\b|\bgini\b/, higherIsBetter: true, weight: 3 },
  { metric: 'f1', re: /\bf1\b|\bf ?-?score\b|\bf ?-?measure\b/, higherIsBetter: true, weight: 3 },
  { metric: 'accuracy', re: /\bacc(uracy)?\b/, higherIsBetter: true, weight: 3 },
  { metric: 'precision', re: /\bprecision\b/, higherIsBetter: true, weight: 2 },
  { metric: 'recall', re: /\brecall\b|\bsensitivity\b/, higherIsBetter: true, weight: 2 },
  { metric: 'kappa', re: /\bkappa\b|\bmcc\b|\bmatthews\b/, higherIsBetter: true, weight: 2 },
  { metric: 'score', re: /\bscores?\b/, higherIsBetter: null, weight: 2 },
  { metric: 'loss', re: /\bloss\b|\berror\b/, higherIsBetter: false, weight: 1.5 },
  { metric: 'cv', re: /\bcv\b|\bcross ?val/, higherIsBetter: null, weight: 1 },
  // statistics an EDA notebook reports: weak, kept for notebooks that print nothing better
  { metric: 'statistic', re: /\bskew(ness)?\b|\bkurt(osis)?\b|\bcorr(elation)?\b/, higherIsBetter: null, weight: 0.5 },
];

/** Words that make a number something other than a score. */
export const NOT_A_SCORE: readonly { re: RegExp; why: string; penalty: number }[] = [
  { re: /\bp ?-?val(ue)?s?\b|p>\|[zt]\||\bp ?[<=]/, why: 'a p-value', penalty: 4 },
  { re: /\bseed\b|\brandom state\b/, why: 'a seed', penalty: 4 },
  { re: /\b(time|seconds?|secs?|elapsed|took|duration|wall|cpu times?|ms|minutes?)\b/, why: 'a duration', penalty: 3 },
  {
    re: /\b(shape|size|count|number of|len|rows?|columns?|samples?|features?|observations?|no\.? obs|df (resid|model))\b/,
    why: 'a count or shape',
    penalty: 2,
  },
  {
    re: /\b(alpha|lambda|learning rate|lr|n estimators|max depth|k|c|gamma|n neighbors|degree|l1 ratio)\b\s*[:=]?\s*$/,
    why: 'a hyperparameter',
    penalty: 2.5,
  },
  {
    re: /\b(std|standard deviation|stdev|variance|\+\/-|±)\b\s*[:=]?\s*\(?$/,
    why: 'a spread, not the score',
    penalty: 1.5,
  },
  { re: /\b(iter(ation)?s?|epochs?|rounds?|steps?|folds?)\b\s*[:=#]?\s*$/, why: 'an iteration number', penalty: 3 },
];

export const SCORING_CALL =
  /\b\w*_score\s*\(|\.score\s*\(|\bcross_val(_score|idate|_predict)?\s*\(|\b(mean_squared_error|mean_absolute_error|mean_squared_log_error|log_loss|classification_report|confusion_matrix|rmse\w*|rmsle\w*)\s*\(|\.evaluate\s*\(|\bbest_score_\b|\bcv_results_\b/;

export const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}|\b\d{1,2}:\d{2}:\d{2}\b/;

/** A progress-log line: Keras epochs and steps, XGBoost/LightGBM/CatBoost iterations, tqdm bars. */
const LOG_LINE = [
  /^\s*Epoch \d+\/\d+/,
  /\d+\/\d+ \[[=>.]*\]/,
  /^\s*\d+\/\d+\s*-\s*\d+m?s\b/,
  /^\s*-?\s*\d+m?s\s*-\s*loss:/,
  /^\s*\[\d+\]\s+[\w.-]+-[\w@.-]+:\s*-?[\d.]/, // XGBoost: [99]	train-rmse:0.1	eval-rmse:0.2
  /^\s*\[\d+\]\s+[\w.-]+'s [\w@.-]+:/, // LightGBM: [100]	valid_0's l2: 0.1
  /^\s*\d+:\s+learn:\s/, // CatBoost: 0:	learn: 0.68 test: 0.69 best: 0.69 (0)	total: 5ms
  /\d+%\|[^|]*\|/, // tqdm
  /^\s*(Iteration|Iter|Round|Step)\s*\d+/i,
];

/** A log's line that says which iteration was best: the line after it (LightGBM) or itself counts as final. */
export const BEST_MARKER = /best iteration|early stopping|did not meet early stopping|bestTest|best_score/i;

export function isLogLine(line: string): boolean {
  return LOG_LINE.some((re) => re.test(line));
}

/** "acc_gaussian" → "acc gaussian", "valAcc" → "val acc": names read as words. */
export function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
}

export function metricOf(text: string): MetricWord | null {
  const w = words(text);
  for (const m of METRIC_WORDS) if (m.re.test(w)) return m;
  return null;
}

const LOWER_WORDS = /\b(error|loss|rmse|mse|mae|rmsle|mean squared|mean absolute|neg mean|deviance)\b/;

export function directionOf(metric: MetricWord, context: string, hint: boolean | null): boolean {
  if (metric.higherIsBetter !== null) return metric.higherIsBetter;
  if (LOWER_WORDS.test(words(context))) return false;
  return hint ?? true;
}

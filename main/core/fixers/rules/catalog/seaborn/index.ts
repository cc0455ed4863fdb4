// The seaborn rules, one rule per file (<what>.ts, exporting the rule), listed here in application order.
// A new rule of this library: add its file and its export here, and place it in ../index.ts's RULES.
//
// seaborn: size → height (0.9, removed later), factorplot → catplot, lvplot → boxenplot, sns.plt, jointplot
// stat_func, and the 0.12 switch to keyword-only data arguments (sns.countplot('col', data=df)).
export { removedModules } from './removed-modules';
export { sizeToHeight } from './size-to-height';
export { stripSwarmDodge } from './strip-swarm-dodge';
export { factorplot } from './factorplot';
export { renamedFunctions } from './renamed-functions';
export { snsPlt } from './sns-plt';
export { jointplotStatFunc } from './jointplot-stat-func';
export { violinplotIgnoredKwargs } from './violinplot-ignored-kwargs';
// seaborn 0.12: kdeplot(data=a, data2=b) → kdeplot(x=a, y=b) (before keyword-only-data names a positional x).
export { kdeplotData2 } from './kdeplot-data2';
export { keywordOnlyData } from './keyword-only-data';

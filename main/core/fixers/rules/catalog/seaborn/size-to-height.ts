// seaborn.size-to-height — FacetGrid/pairplot/jointplot/lmplot/factorplot(size=…) → height=…
//
// Why it broke: seaborn 0.9 (2018-07-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.9.0.html
// Example:
//     grid = sns.FacetGrid(train_df, col='Survived', row='Pclass', size=2.2, aspect=1.6)
//     sns.pairplot(df, size=2.5)
//   →
//     grid = sns.FacetGrid(train_df, col='Survived', row='Pclass', height=2.2, aspect=1.6)
//     sns.pairplot(df, height=2.5)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.9; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: scatterplot(size=…) is the marker variable: untouched.
import { defineRule } from '../../rule';
import { keywordRenameEdits } from '../helpers';
import { sb, seabornFunction } from './_shared';

const SIZE_TO_HEIGHT = [
  'FacetGrid',
  'PairGrid',
  'JointGrid',
  'pairplot',
  'jointplot',
  'lmplot',
  'factorplot',
  'catplot',
  'relplot',
  'displot',
];

export const sizeToHeight = defineRule({
  id: 'seaborn.size-to-height',
  title: 'FacetGrid/pairplot/jointplot/lmplot/factorplot(size=…) → height=…',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.9', '2018-07-16'),
  explanation:
    "seaborn 0.9 renamed the figure-level functions' size argument to height (size " +
    'now means the marker-size variable); the old name was later removed. Same figure.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /(__init__|pairplot|jointplot|lmplot|catplot|relplot)\(\) got an unexpected keyword argument 'size'/,
      },
    ],
    pattern: true,
  },
  needles: [/\bsize\s*=/],
  apply(parsed, ctx) {
    return keywordRenameEdits(
      parsed,
      ctx,
      (call) => SIZE_TO_HEIGHT.includes(seabornFunction(call, parsed, ctx) ?? ''),
      { size: 'height' },
    );
  },
});

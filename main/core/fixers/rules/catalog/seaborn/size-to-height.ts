// seaborn.size-to-height: FacetGrid/pairplot/jointplot/lmplot/factorplot(size=…) → height=…
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
    "seaborn 0.9 renamed the figure-level functions' size argument to height (size now means the marker-size variable); the old name was later removed. Same figure.",
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

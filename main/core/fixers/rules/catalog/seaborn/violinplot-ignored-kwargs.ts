// seaborn.violinplot-ignored-kwargs — violinplot(…, size=10): a keyword old seaborn ignored, now matplotlib's error
//
// Why it broke: seaborn 0.13 (2023-09-05): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.13.0.html
// Example:
//     sns.violinplot(x='Type 1', y='Attack', data=df, inner=None, size=10)
//   →
//     sns.violinplot(x='Type 1', y='Attack', data=df, inner=None)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.13; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: keywords violinplot named before 0.13 (they were used), and extra keywords matplotlib accepts (no
// error: alpha=… now draws, which it did not before).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { hasSplat, keywordArgument, removeArgument } from '../../syntax';
import { sb, seabornFunction } from './_shared';

/** violinplot's parameters in seaborn 0.12 and earlier; anything else went into **kwargs, which it never read. */
const OLD_PARAMETERS = new Set([
  'x',
  'y',
  'hue',
  'data',
  'order',
  'hue_order',
  'bw',
  'cut',
  'scale',
  'scale_hue',
  'gridsize',
  'width',
  'inner',
  'split',
  'dodge',
  'orient',
  'linewidth',
  'color',
  'palette',
  'saturation',
  'ax',
]);

const UNEXPECTED = /\.set\(\) got an unexpected keyword argument '(\w+)'/;

export const violinplotIgnoredKwargs = defineRule({
  id: 'seaborn.violinplot-ignored-kwargs',
  title: 'violinplot(…, size=10): a keyword old seaborn ignored, now matplotlib’s error',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.13', '2023-09-05'),
  explanation:
    'Up to seaborn 0.12 violinplot took **kwargs and never used them, so a stray keyword (size=10) ' +
    "did nothing; 0.13's rewritten violinplot passes them on to matplotlib's fill_between, which " +
    "rejects one that is no artist property ('FillBetweenPolyCollection.set() got an unexpected " +
    "keyword argument …'). Dropping the keyword the error names draws what the notebook drew.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: UNEXPECTED }] },
  apply(parsed, ctx) {
    const names = new Set(ctx.errors.map((e) => UNEXPECTED.exec(e.evalue)?.[1]).filter((n) => n !== undefined));
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (seabornFunction(call, parsed, ctx) !== 'violinplot' || hasSplat(call)) continue;
      for (const name of names) {
        if (OLD_PARAMETERS.has(name)) continue;
        const kw = keywordArgument(call, name, parsed);
        if (kw) edits.push(removeArgument(kw, call));
      }
    }
    return edits;
  },
});

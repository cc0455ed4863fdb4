// seaborn.keyword-only-data — sns.countplot('col', data=df) → sns.countplot(x='col', data=df) (positional x/y)
//
// Why it broke: seaborn 0.12 (2022-09-06), deprecated since 0.11: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.12.0.html
// Example:
//     sns.countplot('Survived', data=train)
//     sns.barplot(df.Sex, df.Survived)
//     sns.countplot(train['Pclass'], hue=train['Survived'])
//   →
//     sns.countplot(x='Survived', data=train)
//     sns.barplot(x=df.Sex, y=df.Survived)
//     sns.countplot(x=train['Pclass'], hue=train['Survived'])
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: not under seaborn 0.11.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { positionalArguments, callArguments, keywordArgument } from '../../syntax';
import { positionalToKeywordEdits } from '../helpers';
import { sb, seabornFunction } from './_shared';
import { isBeforeDate } from '../../version';

/** seaborn 0.12, which made the variables keyword-only */
const SEABORN_012 = sb('0.12', '2022-09-06');

/** What seaborn 0.12+ says of a vector passed where data now sits, next to hue=/y= vectors. */
const VECTOR_AS_DATA = /cannot be assigned with wide-form data|Data source must be a DataFrame or Mapping, not/;

/** Positional parameter order of the functions before seaborn 0.12 made them keyword-only. */
const OLD_POSITIONAL: Record<string, string[]> = {};
for (const fn of ['barplot', 'countplot', 'boxplot', 'violinplot', 'stripplot', 'swarmplot', 'pointplot', 'boxenplot'])
  OLD_POSITIONAL[fn] = ['x', 'y', 'hue', 'data'];
for (const fn of ['scatterplot', 'lineplot']) OLD_POSITIONAL[fn] = ['x', 'y', 'hue', 'size', 'style', 'data'];
OLD_POSITIONAL.relplot = ['x', 'y', 'hue', 'size', 'style', 'data'];
OLD_POSITIONAL.catplot = ['x', 'y', 'hue', 'data'];
OLD_POSITIONAL.factorplot = ['x', 'y', 'hue', 'data'];
OLD_POSITIONAL.regplot = ['x', 'y', 'data'];
OLD_POSITIONAL.residplot = ['x', 'y', 'data'];
OLD_POSITIONAL.lmplot = ['x', 'y', 'data', 'hue', 'col', 'row'];
OLD_POSITIONAL.jointplot = ['x', 'y', 'data'];
OLD_POSITIONAL.kdeplot = ['x', 'y'];

/** Functions whose data stays positional and whose next parameters became keyword-only in 0.12. */
const DATA_FIRST: Record<string, readonly [number, ...string[]]> = {
  FacetGrid: [1, 'row', 'col', 'hue'],
  PairGrid: [1, 'hue', 'hue_order', 'palette'],
  pairplot: [1, 'hue', 'hue_order', 'palette', 'vars'],
  heatmap: [1, 'vmin', 'vmax', 'cmap', 'center', 'robust'],
  clustermap: [1, 'pivot_kws', 'method', 'metric'],
};

export const keywordOnlyData = defineRule({
  id: 'seaborn.keyword-only-data',
  title: "sns.countplot('col', data=df) → sns.countplot(x='col', data=df) (positional x/y)",
  kind: 'error-repair',
  library: 'seaborn',
  since: SEABORN_012,
  deprecatedIn: '0.11',
  explanation:
    "seaborn 0.12 made x, y, hue … keyword-only (only data may be positional). Old calls that passed them by position get their old names: sns.barplot(df.a, df.b) → sns.barplot(x=df.a, y=df.b). A single positional argument next to data= was the x variable, and so was a single positional vector next to hue= or y= (sns.countplot(train['Pclass'], hue=train['Survived']), which 0.12 reads as wide-form data: \"The following variable cannot be assigned with wide-form data: `hue`\"); that one is named only where the error shows it or the notebook predates 0.12, as a newer notebook may pass a wide-form frame there. FacetGrid/PairGrid/pairplot/heatmap/clustermap keep data positional and name the rest (FacetGrid(df, 'Survived') → col='Survived').",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /takes from \d+ to \d+ positional arguments but \d+ (were|was) given|got multiple values for argument 'data'/,
      },
      { ename: 'ValueError', evalue: VECTOR_AS_DATA },
      { ename: 'TypeError', evalue: VECTOR_AS_DATA },
    ],
    pattern: true,
  },
  needles: [...Object.keys(OLD_POSITIONAL), ...Object.keys(DATA_FIRST)],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const name = seabornFunction(call, parsed, ctx);
      const order = name ? OLD_POSITIONAL[name] : undefined;
      if (!order && !(name && name in DATA_FIRST)) continue;
      const positional = positionalArguments(call);
      if (positional.length === 0 || callArguments(call).some((a) => a.type === 'list_splat')) continue;
      const dataFirst = name ? DATA_FIRST[name] : undefined;
      if (dataFirst) {
        edits.push(...positionalToKeywordEdits(call, dataFirst, parsed, 3));
        continue;
      }
      const hasData = !!keywordArgument(call, 'data', parsed);
      // one positional vector beside hue=/y= vectors (no data=, no x=): the old x, where the notebook is of that era
      const vectorAsX =
        positional.length === 1 &&
        !hasData &&
        !keywordArgument(call, 'x', parsed) &&
        (!!keywordArgument(call, 'hue', parsed) || !!keywordArgument(call, 'y', parsed)) &&
        (ctx.errors.some((e) => VECTOR_AS_DATA.test(e.evalue)) ||
          (ctx.created !== null && isBeforeDate(ctx.created, SEABORN_012.date)));
      // new-style calls pass only data positionally, with x=/y= keywords
      const oldStyle =
        positional.length >= 2 ||
        (positional.length === 1 && (hasData || vectorAsX)) ||
        (name === 'kdeplot' && positional.length === 2);
      if (!order || !oldStyle || positional.length > order.length) continue;
      if (name === 'kdeplot' && positional.length < 2) continue;
      positional.forEach((arg, i) => {
        const param = order[i] as string;
        if (!keywordArgument(call, param, parsed)) edits.push(insertAt(arg.startIndex, `${param}=`));
      });
    }
    return edits;
  },
});

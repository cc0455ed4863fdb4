// seaborn: size → height (0.9, removed later), factorplot → catplot, lvplot → boxenplot, sns.plt, jointplot
// stat_func, and the 0.12 switch to keyword-only data arguments (sns.countplot('col', data=df)).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type Rule } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import { appendArguments, callArguments, keywordArgument, positionalArguments, removeArgument } from '../syntax';
import { keywordRenameEdits, moduleReference, positionalToKeywordEdits } from './helpers';

const SNS = 'seaborn';
const sb = (version: string, date: string) => ({ package: SNS, version, date });

/** The seaborn function a call invokes (`sns.FacetGrid` → 'FacetGrid'), or null. */
function seabornFunction(call: Node, parsed: ParsedSource, ctx: CellContext): string | null {
  const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
  if (q?.startsWith('seaborn.')) return q.slice(q.lastIndexOf('.') + 1);
  const fn = call.childForFieldName('function');
  if (fn?.type === 'identifier' && ctx.imports.starModules.includes('seaborn')) return parsed.text(fn);
  return null;
}

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

const sizeToHeight = defineRule({
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

const factorplot = defineRule({
  id: 'seaborn.factorplot',
  title: "sns.factorplot(…) → sns.catplot(…, kind='point')",
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.12', '2022-09-06'),
  deprecatedIn: '0.9',
  explanation:
    "factorplot was renamed catplot in seaborn 0.9 and removed later; factorplot's default kind was 'point' (catplot's is 'strip'), so kind='point' is kept explicit.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'factorplot'/ }],
    pattern: true,
  },
  needles: ['factorplot'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!ctx.inScope(call) || seabornFunction(call, parsed, ctx) !== 'factorplot' || fn?.type !== 'attribute')
        continue;
      edits.push(replaceNode(fn.childForFieldName('attribute') as Node, 'catplot'));
      if (!keywordArgument(call, 'kind', parsed)) {
        const edit = appendArguments(call, ["kind='point'"], parsed);
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});

const RENAMED_FUNCTIONS: Record<string, string> = { lvplot: 'boxenplot' };

const renamedFunctions = defineRule({
  id: 'seaborn.renamed-functions',
  title: 'sns.lvplot → sns.boxenplot',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.9', '2018-07-16'),
  explanation: 'lvplot (letter-value plot) was renamed boxenplot in seaborn 0.9.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'lvplot'/ }],
    pattern: true,
  },
  needles: ['lvplot'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = seabornFunction(call, parsed, ctx);
      if (!ctx.inScope(call) || !name || !(name in RENAMED_FUNCTIONS) || fn?.type !== 'attribute') continue;
      edits.push(replaceNode(fn.childForFieldName('attribute') as Node, RENAMED_FUNCTIONS[name] as string));
    }
    return edits;
  },
});

const snsPlt = defineRule({
  id: 'seaborn.sns-plt',
  title: 'sns.plt.show() → plt.show()',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.8', '2017-07-08'),
  explanation: 'seaborn used to expose matplotlib.pyplot as sns.plt; 0.8 removed it. pyplot is imported directly.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'plt'/ }], pattern: true },
  needles: ['.plt.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const uses = parsed
      .nodes('attribute')
      .filter((attr) => ctx.inScope(attr) && ctx.imports.resolve(attr, parsed) === 'seaborn.plt');
    const plt = uses.length > 0 ? moduleReference(parsed, ctx, 'matplotlib.pyplot', 'plt') : null;
    if (!plt) return [];
    for (const attr of uses) edits.push(replaceNode(attr, plt.name));
    return [...edits, ...plt.edits];
  },
});

const jointplotStatFunc = defineRule({
  id: 'seaborn.jointplot-stat-func',
  title: 'jointplot(stat_func=…) removed',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.11', '2020-09-08'),
  deprecatedIn: '0.9',
  explanation:
    "jointplot's stat_func (an annotation with a correlation statistic) was removed in seaborn 0.11; the plot itself is unchanged without it.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'stat_func'/ }], pattern: true },
  needles: ['stat_func'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !['jointplot', 'JointGrid'].includes(seabornFunction(call, parsed, ctx) ?? ''))
        continue;
      const kw = keywordArgument(call, 'stat_func', parsed);
      if (kw) edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});

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

const keywordOnlyData = defineRule({
  id: 'seaborn.keyword-only-data',
  title: "sns.countplot('col', data=df) → sns.countplot(x='col', data=df) (positional x/y)",
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.12', '2022-09-06'),
  deprecatedIn: '0.11',
  explanation:
    "seaborn 0.12 made x, y, hue … keyword-only (only data may be positional). Old calls that passed them by position get their old names: sns.barplot(df.a, df.b) → sns.barplot(x=df.a, y=df.b). A single positional argument next to data= was the x variable. FacetGrid/PairGrid/pairplot/heatmap/clustermap keep data positional and name the rest (FacetGrid(df, 'Survived') → col='Survived').",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /takes from \d+ to \d+ positional arguments but \d+ (were|was) given|got multiple values for argument 'data'/,
      },
    ],
    pattern: true,
  },
  needles: [...Object.keys(OLD_POSITIONAL), ...Object.keys(DATA_FIRST)],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = seabornFunction(call, parsed, ctx);
      const order = name ? OLD_POSITIONAL[name] : undefined;
      if ((!order && !(name && name in DATA_FIRST)) || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      if (positional.length === 0 || callArguments(call).some((a) => a.type === 'list_splat')) continue;
      const dataFirst = name ? DATA_FIRST[name] : undefined;
      if (dataFirst) {
        edits.push(...positionalToKeywordEdits(call, dataFirst, parsed, 3));
        continue;
      }
      const hasData = !!keywordArgument(call, 'data', parsed);
      // new-style calls pass only data positionally, with x=/y= keywords
      const oldStyle =
        positional.length >= 2 ||
        (positional.length === 1 && hasData) ||
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

export const SEABORN_RULES: Rule[] = [
  sizeToHeight,
  factorplot,
  renamedFunctions,
  snsPlt,
  jointplotStatFunc,
  keywordOnlyData,
];

// pandas.2-removed-methods — Styler.hide_index/hide_columns/render/set_precision/set_na_rep, GroupBy/Resampler
// pad/backfill, tshift (pandas 2.0)
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.3/1.4: from this release on the old code fails (the
// explanation below cites the deprecation messages of pandas 1.5).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Changelog: https://github.com/pandas-dev/pandas/blob/v1.5.3/pandas/io/formats/style.py#L2727
// Example:
//     html = df.style.hide_index().render()
//     s = df.style.set_precision(2)
//     g = df.groupby('k').pad()
//     r = ts.resample('D').backfill()
//     t = ts.tshift(1)
//   →
//     html = df.style.hide(axis="index").to_html()
//     s = df.style.format(precision=2)
//     g = df.groupby('k').ffill()
//     r = ts.resample('D').bfill()
//     t = ts.shift(1, freq='infer')
// Fix safety: Same result: pandas 1.5 ran each old method as the new call (hide_index(…) was hide(axis="index", …),
// render() was to_html(), set_precision(n) format(precision=n), pad/backfill were ffill/bfill, tshift(periods, freq,
// axis) was shift(periods, freq, axis) with freq None read as "infer"). Each changes only
// where the AttributeError names the Styler, GroupBy or Resampler class at that line. set_precision/set_na_rep
// change only on a `….style` chain without an earlier format(): before pandas 1.3 they set the default formatter
// only, and format(precision=…) would also replace the formats set before.
// Left alone: ExcelWriter.save() (close() also closes the file, and a `with` block or a later close() closes it
// again: an error), render(…) with positional arguments.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import {
  appendArguments,
  attributeName,
  callArguments,
  keywordValue as keywordValueOf,
  positionalArguments,
  sameNode,
} from '../../syntax';
import { errorNamesClassAt, pd } from './_shared';

const STYLER = ['Styler'];
const FILLERS = [
  'DataFrameGroupBy',
  'SeriesGroupBy',
  'DatetimeIndexResampler',
  'PeriodIndexResampler',
  'TimedeltaIndexResampler',
  'DatetimeIndexResamplerGroupby',
  'PeriodIndexResamplerGroupby',
  'TimedeltaIndexResamplerGroupby',
];

/** removed member → the classes whose AttributeError may name it */
const MEMBERS: Record<string, readonly string[]> = {
  hide_index: STYLER,
  hide_columns: STYLER,
  render: STYLER,
  set_precision: STYLER,
  set_na_rep: STYLER,
  pad: FILLERS,
  backfill: FILLERS,
  tshift: ['Series', 'DataFrame'],
};

/** A `df.style…` chain with no format()/set_na_rep()/set_precision() call before this one. */
function plainStyleChain(object: Node, parsed: ParsedSource): boolean {
  const text = parsed.text(object);
  return /\.style\b/.test(text) && !/\.(format|set_na_rep|set_precision)\s*\(/.test(text);
}

function edits(attr: Node, member: string, parsed: ParsedSource): SourceEdit[] {
  const object = attr.childForFieldName('object') as Node;
  const name = attr.childForFieldName('attribute') as Node;
  const call =
    attr.parent?.type === 'call' && sameNode(attr.parent.childForFieldName('function'), attr) ? attr.parent : null;
  if (!call) return [];
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (args.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return [];
  switch (member) {
    case 'pad':
    case 'backfill':
      // the same signature (limit=None)
      return [replaceNode(name, member === 'pad' ? 'ffill' : 'bfill')];
    case 'hide_index':
    case 'hide_columns': {
      // hide_index(subset, level, names) was hide(subset, axis, level, names): only the subset by position
      if (positional.length > 1) return [];
      const axis = appendArguments(call, [`axis="${member === 'hide_index' ? 'index' : 'columns'}"`], parsed);
      return axis ? [replaceNode(name, 'hide'), axis] : [];
    }
    case 'render':
      // render(sparse_index, sparse_columns, **kwargs); to_html's first parameter is buf
      return positional.length === 0 ? [replaceNode(name, 'to_html')] : [];
    case 'set_precision':
    case 'set_na_rep': {
      if (args.length !== 1 || positional.length !== 1 || !plainStyleChain(object, parsed)) return [];
      const keyword = member === 'set_precision' ? 'precision' : 'na_rep';
      return [replaceNode(call, `${parsed.text(object)}.format(${keyword}=${parsed.text(positional[0] as Node)})`)];
    }
    case 'tshift': {
      // tshift(periods=1, freq=None, axis=0) was shift(periods, freq or "infer", axis) (pandas 1.5, generic.py)
      if (positional.length > 3) return [];
      const given = (index: number, keyword: string): string | null => {
        const node = positional[index] ?? keywordValueOf(call, keyword, parsed);
        return node ? parsed.text(node) : null;
      };
      if (
        args.length !==
        positional.length + ['periods', 'freq', 'axis'].filter((k) => keywordValueOf(call, k, parsed)).length
      )
        return [];
      const freq = given(1, 'freq');
      const axis = given(2, 'axis');
      const parts = [
        given(0, 'periods') ?? '1',
        `freq=${freq === null || freq === 'None' ? "'infer'" : freq}`,
        ...(axis === null ? [] : [`axis=${axis}`]),
      ];
      return [replaceNode(call, `${parsed.text(object)}.shift(${parts.join(', ')})`)];
    }
    default:
      return [];
  }
}

export const removedMethods2 = defineRule({
  id: 'pandas.2-removed-methods',
  title:
    'Styler.hide_index/hide_columns/render/set_precision/set_na_rep, ' +
    'GroupBy/Resampler pad/backfill, tshift (pandas 2.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    'pandas 2.0 removed methods deprecated in 1.3–1.4, each of which pandas 1.5 ran as its ' +
    'replacement: Styler.hide_index(…)/hide_columns(…) → hide(…, axis="index"/"columns"), ' +
    'Styler.render() → to_html(), Styler.set_precision(n)/set_na_rep(r) → format(precision=n)/format(na_rep=r) ' +
    '(on a df.style chain without an earlier format()), the pad()/backfill() of a groupby ' +
    'or a resampler → ffill()/bfill(), and Series/DataFrame.tshift(periods, freq, axis) → ' +
    'shift(periods, freq=freq or "infer", axis) (what tshift ran: the frequency of the ' +
    'index, its own or inferred). Each where the AttributeError names the class at that line.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /object has no attribute '(hide_index|hide_columns|render|set_precision|set_na_rep|pad|backfill|tshift)'/,
      },
    ],
  },
  needles: Object.keys(MEMBERS).map((member) => `.${member}(`),
  apply(parsed, ctx) {
    const out: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const member = attributeName(attr, parsed);
      const classes = MEMBERS[member];
      if (!classes || ctx.imports.resolve(attr, parsed)) continue;
      const text = parsed.text(attr);
      if (ctx.errors.some((e) => errorNamesClassAt(e, member, classes, text))) out.push(...edits(attr, member, parsed));
    }
    return out;
  },
});

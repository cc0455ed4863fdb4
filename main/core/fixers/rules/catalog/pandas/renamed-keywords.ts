// pandas.renamed-keywords — drop_duplicates(cols=, take_last=) → subset=, keep=; pivot_table(rows=, cols=) →
// index=, columns=; str.split(return_type=) → expand=; DataFrame.to_dict(outtype=) → orient=
//
// Why it broke: pandas renamed these arguments in 0.14–0.17 and removed the old spellings in 0.18–0.21 (0.14:
// "rows and cols keyword arguments of pivot_table are deprecated in favor of index and columns", "cols of
// drop_duplicates/duplicated … in favor of subset"; 0.16.1: str.split's return_type in favor of expand; 0.17:
// take_last in favor of keep; 0.15: DataFrame.to_dict's outtype in favor of orient, removed in 0.19 by PR #13627); the
// old call fails with TypeError: … got an unexpected keyword argument 'cols' (or 'outtype').
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.14.0.html#deprecations
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.17.0.html#deprecations
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.19.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     d = df.drop_duplicates(cols='id', take_last=True)
//     p = df.pivot_table(values='v', rows='a', cols='b', aggfunc='sum')
//     parts = s.str.split(' ', return_type='frame')
//     rows = df[cols].to_dict(outtype='records')
//   →
//     d = df.drop_duplicates(subset='id', keep='last')
//     p = df.pivot_table(values='v', index='a', columns='b', aggfunc='sum')
//     parts = s.str.split(' ', expand=True)
//     rows = df[cols].to_dict(orient='records')
// Fix safety: Same result: each old keyword was passed on as the new one by the deprecation shims (cols → subset,
// rows → index, cols → columns, take_last=True → keep='last' and False → keep='first', return_type='frame' →
// expand=True and 'series' → expand=False, outtype → orient with its value; a literal outtype abbreviated the way
// pandas 0.15–0.18 read it ('r' → 'records', 'sp' → 'split', 's' → 'series', …) is written out, as pandas 2 accepts
// only the full names).
// Left alone: a to_dict of a notebook that defines its own to_dict, an outtype string pandas never read, a take_last
// or return_type that is not a literal, a call that also passes the new keyword, a receiver that is surely not pandas
// (a module's function, a literal).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, methodName, methodReceiver, renameKeyword } from '../../syntax';
import { pd, surelyNotPandas } from './_shared';

/**
 * DataFrame.to_dict's outtype/orient as pandas 0.15–0.18 read it: by its first letters (`orient.lower().startswith`),
 * 'sp' before 's'; the full name today's pandas requires, or undefined for a string it refused.
 */
function toDictOrient(literal: string): string | undefined {
  const m = /^(?:[rRuU]?)(['"])(\w*)\1$/.exec(literal);
  if (!m) return undefined;
  const value = (m[2] as string).toLowerCase();
  const full = value.startsWith('d')
    ? 'dict'
    : value.startsWith('l')
      ? 'list'
      : value.startsWith('sp')
        ? 'split'
        : value.startsWith('s')
          ? 'series'
          : value.startsWith('r')
            ? 'records'
            : value.startsWith('i')
              ? 'index'
              : undefined;
  return full && `'${full}'`;
}

interface Rename {
  name: string;
  /** the new value for each old literal value (a literal missing from it leaves the call alone) */
  values?: Record<string, string> | ((literal: string) => string | undefined);
  /** a value that is not a literal the table knows is passed on unchanged (the keyword is only renamed) */
  passOther?: boolean;
}

/** method → old keyword → new keyword (and, for literal-valued ones, the new value for each old one) */
const RENAMES: Record<string, Record<string, Rename>> = {
  drop_duplicates: {
    cols: { name: 'subset' },
    take_last: { name: 'keep', values: { True: "'last'", False: "'first'" } },
  },
  duplicated: {
    cols: { name: 'subset' },
    take_last: { name: 'keep', values: { True: "'last'", False: "'first'" } },
  },
  pivot_table: { rows: { name: 'index' }, cols: { name: 'columns' } },
  split: {
    return_type: {
      name: 'expand',
      values: { "'frame'": 'True', '"frame"': 'True', "'series'": 'False', '"series"': 'False' },
    },
  },
  rsplit: {
    return_type: {
      name: 'expand',
      values: { "'frame'": 'True', '"frame"': 'True', "'series'": 'False', '"series"': 'False' },
    },
  },
  to_dict: { outtype: { name: 'orient', values: toDictOrient, passOther: true } },
};

/** `s.str.split(…)`: the receiver of split must be a `.str` accessor. */
function onStrAccessor(call: Node, parsed: ParsedSource): boolean {
  const receiver = methodReceiver(call);
  const accessor = receiver?.type === 'attribute' ? receiver.childForFieldName('attribute') : null;
  return !!accessor && parsed.text(accessor) === 'str';
}

export const renamedKeywords = defineRule({
  id: 'pandas.renamed-keywords',
  title:
    'drop_duplicates(cols=, take_last=) → subset=, keep=; pivot_table(rows=, ' +
    'cols=) → index=, columns=; str.split(return_type=) → expand=; DataFrame.to_dict(outtype=) → orient=',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.21', '2017-10-27'),
  deprecatedIn: '0.14',
  explanation:
    'pandas 0.14–0.17 renamed these arguments and later releases removed the old ' +
    'names: drop_duplicates/duplicated(cols=…) → subset=…, take_last=True/False → ' +
    "keep='last'/'first'; DataFrame.pivot_table and pd.pivot_table(rows=…, cols=…) → " +
    "index=…, columns=…; Series.str.split/rsplit(return_type='frame'/'series') → " +
    'expand=True/False; DataFrame.to_dict(outtype=…) → orient=… (deprecated in 0.15, removed in 0.19). The ' +
    'deprecation shims passed each old keyword on as the new one.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(drop_duplicates|duplicated|pivot_table|split|rsplit|to_dict)\(\) got an unexpected keyword argument '(cols|take_last|rows|return_type|outtype)'/,
      },
    ],
    pattern: true,
  },
  needles: ['cols=', 'take_last=', 'rows=', 'return_type=', 'outtype='],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    let own: boolean | undefined;
    const ownToDict = (): boolean =>
      (own ??= ctx
        .bindings({ kinds: ['definition'], cells: /\bto_dict\b/ })
        .some((site) => site.parsed.text(site.target) === 'to_dict'));
    for (const call of ctx.nodes('call')) {
      const callee = call.childForFieldName('function');
      const method = methodName(call, parsed);
      // pd.pivot_table(df, rows=…) as well as df.pivot_table(rows=…)
      const resolved = ctx.imports.resolve(callee, parsed);
      const name = resolved === 'pandas.pivot_table' ? 'pivot_table' : method;
      const renames = name ? RENAMES[name] : undefined;
      if (!renames || !name) continue;
      if (resolved !== 'pandas.pivot_table' && surelyNotPandas(methodReceiver(call), parsed, ctx)) continue;
      if ((name === 'split' || name === 'rsplit') && !onStrAccessor(call, parsed)) continue;
      // a method of the notebook's own class (def to_dict(self, outtype=…)) is not pandas'
      if (name === 'to_dict' && ownToDict()) continue;
      const callEdits: SourceEdit[] = [];
      let complete = true;
      for (const [old, target] of Object.entries(renames)) {
        const keyword = keywordArgument(call, old, parsed);
        if (!keyword) continue;
        if (keywordArgument(call, target.name, parsed)) {
          complete = false;
          break;
        }
        const value = keyword.childForFieldName('value');
        if (target.values) {
          const old = value ? parsed.text(value) : '';
          const replacement = typeof target.values === 'function' ? target.values(old) : target.values[old];
          if (!replacement && target.passOther && value?.type !== 'string') {
            const edit = renameKeyword(keyword, target.name);
            if (edit) callEdits.push(edit);
            continue;
          }
          if (!replacement) {
            complete = false;
            break;
          }
          callEdits.push(replaceNode(keyword, `${target.name}=${replacement}`));
        } else {
          const edit = renameKeyword(keyword, target.name);
          if (edit) callEdits.push(edit);
        }
      }
      if (complete) edits.push(...callEdits);
    }
    return edits;
  },
});

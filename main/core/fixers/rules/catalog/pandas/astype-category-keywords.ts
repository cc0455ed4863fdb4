// pandas.astype-category-keywords — .astype('category', categories=…, ordered=…) → .astype(pd.CategoricalDtype(…))
//
// Why it broke: pandas 0.25 (2019-07-18) removed the categories and ordered keywords of astype, deprecated since 0.21
// in favour of a CategoricalDtype; the old code fails with "NDFrame.astype() got an unexpected keyword argument
// 'categories'".
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.25.0.html#removal-of-prior-version-deprecations-changes
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.21.0.html#categoricaldtype-for-specifying-categoricals
// Example:
//     df['grade'] = df['grade'].astype('category', categories=['C', 'B', 'A'], ordered=True)
//   →
//     df['grade'] = df['grade'].astype(pd.CategoricalDtype(categories=['C', 'B', 'A'], ordered=True))
// Fix safety: Same result: astype with these keywords built CategoricalDtype(categories, ordered) itself (0.21–0.24;
// before, Categorical(values, categories, ordered)); the keywords keep their names and values, an omitted one
// keeps its default (categories inferred from the data, unordered). pandas is imported where it is not.
// Left alone: a dtype other than the literal 'category', and calls that unpack **kwargs.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { callArguments, hasSplat, keywordArgument, keywordName, methodName, stringContent } from '../../syntax';
import { pd } from './_shared';

const MOVED = ['categories', 'ordered'];

export const astypeCategoryKeywords = defineRule({
  id: 'pandas.astype-category-keywords',
  title: ".astype('category', categories=…, ordered=…) → .astype(pd.CategoricalDtype(…))",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.25', '2019-07-18'),
  deprecatedIn: '0.21',
  explanation:
    "pandas 0.25 removed astype's categories= and ordered= keywords (deprecated in 0.21): the categorical type " +
    'is given as a CategoricalDtype built from the same keywords, which is what astype built from them before.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /astype\(\) got an unexpected keyword argument '(categories|ordered)'/ }],
    pattern: true,
  },
  needles: ['categories=', 'ordered='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'astype' || hasSplat(call)) continue;
      const args = callArguments(call);
      const moved = MOVED.map((name) => keywordArgument(call, name, parsed)).filter((n): n is Node => n !== null);
      if (moved.length === 0) continue;
      const dtypeKeyword = keywordArgument(call, 'dtype', parsed);
      const dtype = dtypeKeyword ? dtypeKeyword.childForFieldName('value') : args[0];
      if (!dtype || dtype.type === 'keyword_argument' || stringContent(dtype, parsed) !== 'category') continue;
      const pandas = ctx.requireImport('pandas', 'pd');
      if (!pandas) continue;
      const categorical = `${pandas.name}.CategoricalDtype(${moved.map((n) => parsed.text(n)).join(', ')})`;
      const rest = args
        .filter((arg) => !(arg.type === 'keyword_argument' && MOVED.includes(keywordName(arg, parsed))))
        .map((arg) =>
          dtypeKeyword && arg.equals(dtypeKeyword)
            ? `dtype=${categorical}`
            : arg.equals(dtype)
              ? categorical
              : parsed.text(arg),
        );
      edits.push(replaceNode(call.childForFieldName('arguments') as Node, `(${rest.join(', ')})`), ...pandas.edits);
    }
    return edits;
  },
});

// sklearn.onehot-categorical-features — OneHotEncoder(categorical_features=cols) → ColumnTransformer
//
// Why it broke: scikit-learn 0.22 (2019-12-03), deprecated since 0.20: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.22.html
// Example:
//     from sklearn.preprocessing import OneHotEncoder
//     enc = OneHotEncoder(categorical_features=[0, 3], sparse=False)
//   →
//     from sklearn.compose import ColumnTransformer
//     from sklearn.preprocessing import OneHotEncoder
//     enc = ColumnTransformer([('onehot', OneHotEncoder(sparse=False), [0, 3])], remainder='passthrough')
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.22; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { insertAtCellTop } from '../helpers';
import { keywordArgument, callArguments, stringContent, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { SK, sk } from './_shared';

export const onehotCategoricalFeatures = defineRule({
  id: 'sklearn.onehot-categorical-features',
  title: 'OneHotEncoder(categorical_features=cols) → ColumnTransformer',
  kind: 'error-repair',
  library: SK,
  since: sk('0.22', '2019-12-03'),
  deprecatedIn: '0.20',
  explanation:
    "OneHotEncoder's categorical_features was removed in 0.22. A ColumnTransformer that " +
    'one-hot encodes those columns and passes the others through gives the old output: encoded ' +
    'columns first, the rest appended on the right, as a sparse matrix unless sparse=False.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'categorical_features'/ }],
    pattern: true,
  },
  needles: ['categorical_features'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['OneHotEncoder'] })) {
      const kw = keywordArgument(call, 'categorical_features', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value) continue;
      const columns = parsed.text(value);
      const others = callArguments(call)
        .filter((a) => a !== kw && !(a.startIndex === kw.startIndex))
        .map((a) => parsed.text(a));
      const encoder = `${parsed.text(call.childForFieldName('function') as Node)}(${others.join(', ')})`;
      if (stringContent(value, parsed) === 'all') {
        edits.push(removeArgument(kw, call));
        continue;
      }
      const sparse = keywordArgument(call, 'sparse', parsed)?.childForFieldName('value');
      const dense = sparse && parsed.text(sparse) === 'False';
      edits.push(
        replaceNode(
          call,
          `ColumnTransformer([('onehot', ${encoder}, ${columns})], remainder='passthrough'${dense ? '' : ', sparse_threshold=1.0'})`,
        ),
      );
    }
    if (edits.length > 0 && !ctx.imports.bindings.has('ColumnTransformer'))
      edits.push(insertAtCellTop(parsed, 'from sklearn.compose import ColumnTransformer'));
    return edits;
  },
});

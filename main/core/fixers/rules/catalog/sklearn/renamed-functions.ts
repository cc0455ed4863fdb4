// sklearn.renamed-functions — calinski_harabaz_score → calinski_harabasz_score, jaccard_similarity_score →
// accuracy_score, sklearn.externals.six → six
//
// Why it broke: scikit-learn 0.23 (2020-05-12), deprecated since 0.21: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.20.rst#L375
// Example:
//     from sklearn.metrics import calinski_harabaz_score, jaccard_similarity_score, f1_score
//     from sklearn.externals import six
//   →
//     from sklearn.metrics import calinski_harabasz_score as calinski_harabaz_score, accuracy_score as jaccard_simil …
//     import six
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.23; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { replaceNode } from '../../source-edit';
import { SK, sk } from './_shared';

const METRIC_MOVES: ModuleMove[] = [
  {
    from: 'sklearn.metrics',
    names: {
      calinski_harabaz_score: { name: 'calinski_harabasz_score' },
      jaccard_similarity_score: { name: 'accuracy_score' },
    },
  },
  // six.StringIO and six.BytesIO are io's classes on Python 3; the io module needs no six installed
  { from: 'sklearn.externals.six', to: 'six', names: { StringIO: { module: 'io' }, BytesIO: { module: 'io' } } },
  { from: 'sklearn.utils.testing', to: 'sklearn.utils._testing' },
];

export const renamedFunctions = defineRule({
  id: 'sklearn.renamed-functions',
  title:
    'calinski_harabaz_score → calinski_harabasz_score, ' +
    'jaccard_similarity_score → accuracy_score, sklearn.externals.six → six',
  kind: 'error-repair',
  library: SK,
  since: sk('0.23', '2020-05-12'),
  deprecatedIn: '0.21',
  explanation:
    'Removed in 0.23/0.24 with a replacement: calinski_harabaz_score (misspelt) → ' +
    'calinski_harabasz_score; jaccard_similarity_score → accuracy_score, which is what it ' +
    'computed for ordinary (single-label) targets — jaccard_score is a different metric; ' +
    'sklearn.externals.six → the six package (its StringIO and BytesIO → io, which they are on ' +
    'Python 3); sklearn.utils.testing → sklearn.utils._testing. Imports keep the old local name.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name '(calinski_harabaz_score|jaccard_similarity_score|six)'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.(externals\.six|utils\.testing)'/ },
      { ename: 'AttributeError', evalue: /has no attribute '(calinski_harabaz_score|jaccard_similarity_score)'/ },
    ],
    pattern: true,
  },
  needles: ['calinski_harabaz_score', 'jaccard_similarity_score', 'externals', 'utils.testing'],
  apply(parsed, ctx) {
    const edits = METRIC_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    // `from sklearn.externals import six`
    for (const statement of ctx.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.externals') continue;
      const items = statement.childrenForFieldName('name');
      if (items.length !== 1 || parsed.text(items[0] as Node).split(/\s+as\s+/)[0] !== 'six') continue;
      const alias =
        (items[0] as Node).type === 'aliased_import'
          ? parsed.text((items[0] as Node).childForFieldName('alias') as Node)
          : null;
      edits.push(replaceNode(statement, alias && alias !== 'six' ? `import six as ${alias}` : 'import six'));
    }
    return edits;
  },
});

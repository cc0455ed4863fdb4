// sklearn.renamed-attributes — fitted.n_features_ → n_features_in_, GaussianNB.sigma_ → var_
//
// Why it broke: scikit-learn 1.2 (2022-12-08) removed attributes deprecated in 1.0 for the same value under a new
// name: n_features_ of the forests, trees, gradient boosting and bagging estimators (now n_features_in_, the
// attribute every estimator has) and GaussianNB's sigma_ (the per-class variances, now var_).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html (API changes: n_features_ and sigma_ deprecated)
// Example:
//     print(forest.n_features_)
//     spread = nb.sigma_
//   →
//     print(forest.n_features_in_)
//     spread = nb.var_
// Fix safety: Same values: n_features_in_ is the number of features seen in fit, as n_features_ was, and var_ holds
// the variances sigma_ held. Only on the line the error points at, and only where the error names a scikit-learn
// class that had the old attribute.
// Left alone: attributes of other objects (the notebook's own n_features_), lines the error did not point at.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { SK, sk } from './_shared';

/** old attribute → its new name, and the classes that had it */
const RENAMED: Record<string, { to: string; classes: RegExp }> = {
  n_features_: {
    to: 'n_features_in_',
    classes:
      /^(RandomForest|ExtraTrees|DecisionTree|ExtraTree|GradientBoosting|Bagging|AdaBoost|IsolationForest|RandomTreesEmbedding)\w*$/,
  },
  sigma_: { to: 'var_', classes: /^GaussianNB$/ },
};

const MISSING = /^'(\w+)' object has no attribute '(n_features_|sigma_)'/;

export const renamedAttributes = defineRule({
  id: 'sklearn.renamed-attributes',
  title: 'fitted.n_features_ → n_features_in_, GaussianNB.sigma_ → var_',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'scikit-learn 1.0 deprecated and 1.2 removed n_features_ of the tree ensembles, trees, bagging and ' +
    "boosting estimators (n_features_in_ is the same count) and GaussianNB's sigma_ (var_ holds the " +
    'same variances). Applied on the failing line when the error names a class that had the attribute.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: MISSING }] },
  errorScope: 'line',
  needles: ['n_features_', 'sigma_'],
  apply(parsed, ctx) {
    const wanted = new Set<string>();
    for (const error of ctx.errors) {
      const match = MISSING.exec(error.evalue);
      const entry = match ? RENAMED[match[2] as string] : undefined;
      if (match && entry?.classes.test(match[1] as string)) wanted.add(match[2] as string);
    }
    const edits: SourceEdit[] = [];
    for (const attribute of ctx.nodes('attribute')) {
      const name = attribute.childForFieldName('attribute');
      const old = name ? parsed.text(name) : '';
      if (!name || !wanted.has(old)) continue;
      edits.push(replaceNode(name, (RENAMED[old] as { to: string }).to));
    }
    return edits;
  },
});

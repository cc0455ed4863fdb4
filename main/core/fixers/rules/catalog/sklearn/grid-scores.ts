// sklearn.grid-scores — search.grid_scores_ → search.cv_results_ (and RFECV.grid_scores_ →
// cv_results_['mean_test_score'])
//
// Why it broke: scikit-learn 0.20 (2018-09-25), deprecated since 0.18: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.18.rst#L729
// Example:
//     plt.plot(range(1, len(rfecv.grid_scores_) + 1), rfecv.grid_scores_)
//   →
//     plt.plot(range(1, len(rfecv.cv_results_['mean_test_score']) + 1), rfecv.cv_results_['mean_test_score'])
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule, packageVersion } from '../../rule';
import { calleeOf } from '../helpers';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { compareVersions } from '../../version';
import { asPrimary } from '../../syntax';
import { SK, sk } from './_shared';

export const gridScores = defineRule({
  id: 'sklearn.grid-scores',
  title: "search.grid_scores_ → search.cv_results_ (and RFECV.grid_scores_ → cv_results_['mean_test_score'])",
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    'GridSearchCV/RandomizedSearchCV.grid_scores_ (a list of (parameters, mean_validation_score, ' +
    'cv_validation_scores)) was removed in 0.20. The rule rebuilds the same list from cv_results_: ' +
    "params, mean_test_score, and each candidate's per-split test scores. RFECV.grid_scores_ " +
    "(removed in 1.2), the mean CV score per number of features, is cv_results_['mean_test_score'].",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'grid_scores_'/ }], pattern: true },
  needles: ['grid_scores_'],
  prepare(_notebook, ctx) {
    // RFECV also had grid_scores_ (removed in 1.2): its mean CV score per number of features
    const rfecv = new Set<string>();
    // every cell, whole: the RFECV may be constructed anywhere in the notebook
    const cells = (source: string): boolean => source.includes('RFECV');
    for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'], cells })) {
      if (
        left.type === 'identifier' &&
        right?.type === 'call' &&
        calleeOf(right, parsed, ctx.imports, 'sklearn', ['RFECV'])
      )
        rfecv.add(parsed.text(left));
    }
    return rfecv;
  },
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rfecv = ctx.state as Set<string>;
    const np = ctx.imports.aliasFor('numpy');
    const installed = packageVersion(ctx.env, SK);
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'grid_scores_') continue;
      if (object.type === 'identifier' && rfecv.has(parsed.text(object))) {
        if (!installed || compareVersions(installed, '1.2') >= 0)
          edits.push(replaceNode(attr, `${parsed.text(object)}.cv_results_['mean_test_score']`));
        continue;
      }
      const g = asPrimary(object, parsed);
      const splits = `[${g}.cv_results_['split%d_test_score' % i] for i in range(${g}.n_splits_)]`;
      const perCandidate = np ? `${np}.transpose(${splits})` : `zip(*${splits})`;
      const tupleType =
        `__import__('collections').namedtuple('CVScoreTuple', ` +
        `'parameters mean_validation_score cv_validation_scores')`;
      edits.push(
        replaceNode(
          attr,
          `[${tupleType}(*t) for t in zip(${g}.cv_results_['params'], ` +
            `${g}.cv_results_['mean_test_score'], ${perCandidate})]`,
        ),
      );
    }
    return edits;
  },
});

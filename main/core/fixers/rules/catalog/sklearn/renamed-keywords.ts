// sklearn.renamed-keywords: Renamed arguments: LDA n_topics → n_components, OneHotEncoder sparse → sparse_output, base_estimator → estimator, TSNE n_iter → max_iter
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { keywordRenameEdits, calleeOf } from '../helpers';
import { SK, sk } from './_shared';

const RENAMED_KEYWORDS: { classes: string[]; renames: Record<string, string>; since: string }[] = [
  { classes: ['LatentDirichletAllocation'], renames: { n_topics: 'n_components' }, since: '0.21' },
  { classes: ['OneHotEncoder'], renames: { sparse: 'sparse_output' }, since: '1.4' },
  {
    classes: [
      'BaggingClassifier',
      'BaggingRegressor',
      'AdaBoostClassifier',
      'AdaBoostRegressor',
      'CalibratedClassifierCV',
    ],
    renames: { base_estimator: 'estimator' },
    since: '1.4',
  },
  { classes: ['TSNE'], renames: { n_iter: 'max_iter' }, since: '1.7' },
];

export const renamedKeywords = defineRule({
  id: 'sklearn.renamed-keywords',
  title:
    'Renamed arguments: LDA n_topics → n_components, OneHotEncoder sparse → sparse_output, base_estimator → estimator, TSNE n_iter → max_iter',
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  explanation:
    'Arguments renamed with the same meaning, each applied where the installed scikit-learn no longer accepts the old name: LatentDirichletAllocation(n_topics) → n_components (removed 0.21), OneHotEncoder(sparse) → sparse_output and BaggingClassifier/AdaBoostClassifier(base_estimator) → estimator (removed 1.4), TSNE(n_iter) → max_iter (removed 1.7).',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument '(n_topics|sparse|base_estimator|n_iter)'/ }],
    pattern: true,
  },
  needles: ['n_topics', 'sparse=', 'base_estimator', 'n_iter'],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, SK);
    return RENAMED_KEYWORDS.filter((entry) => !installed || compareVersions(installed, entry.since) >= 0).flatMap(
      (entry) =>
        keywordRenameEdits(
          parsed,
          ctx,
          (call) => !!calleeOf(call, parsed, ctx.imports, 'sklearn', entry.classes),
          entry.renames,
        ),
    );
  },
});

// sklearn.renamed-classes — Imputer → SimpleImputer, LDA/QDA → discriminant_analysis, RandomizedPCA → PCA, GMM →
// GaussianMixture
//
// Why it broke: scikit-learn 0.22 (2019-12-03), deprecated since 0.20: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.17.rst#L415
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v0.18.rst#L716
// Example:
//     from sklearn.preprocessing import Imputer
//     imp = Imputer(missing_values='NaN', strategy='mean', axis=0)
//   →
//     from sklearn.impute import SimpleImputer as Imputer
//     imp = Imputer(missing_values=float('nan'), strategy='mean')
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.22; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { boundHere, keywordRenameEdits } from '../helpers';
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import { keywordArgument, removeArgument, stringContent, appendArguments } from '../../syntax';
import { replaceNode } from '../../source-edit';
import { SK, sk } from './_shared';

const RENAMED_CLASS_MOVES: ModuleMove[] = [
  { from: 'sklearn.preprocessing', names: { Imputer: { module: 'sklearn.impute', name: 'SimpleImputer' } } },
  { from: 'sklearn.lda', to: 'sklearn.discriminant_analysis', names: { LDA: { name: 'LinearDiscriminantAnalysis' } } },
  {
    from: 'sklearn.qda',
    to: 'sklearn.discriminant_analysis',
    names: { QDA: { name: 'QuadraticDiscriminantAnalysis' } },
  },
  { from: 'sklearn.decomposition', names: { RandomizedPCA: { name: 'PCA' } } },
  { from: 'sklearn.mixture', names: { GMM: { name: 'GaussianMixture' } } },
];

export const renamedClasses = defineRule({
  id: 'sklearn.renamed-classes',
  title: 'Imputer → SimpleImputer, LDA/QDA → discriminant_analysis, RandomizedPCA → PCA, GMM → GaussianMixture',
  kind: 'error-repair',
  library: SK,
  since: sk('0.22', '2019-12-03'),
  deprecatedIn: '0.20',
  explanation:
    'Classes removed in 0.19–0.22 with a replacement: preprocessing.Imputer → impute.SimpleImputer (the ' +
    "axis argument is gone: it always imputes columns; missing_values='NaN' becomes np.nan), lda.LDA/qda.QDA " +
    "→ discriminant_analysis, RandomizedPCA → PCA(svd_solver='randomized'), GMM → GaussianMixture " +
    '(n_iter → max_iter). The import keeps the old local name, so the rest of the notebook is unchanged.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name '(Imputer|RandomizedPCA|GMM)'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'sklearn\.(lda|qda)'/ },
      { ename: 'AttributeError', evalue: /has no attribute '(Imputer|RandomizedPCA|GMM)'/ },
    ],
    pattern: true,
  },
  needles: ['Imputer', 'sklearn.lda', 'sklearn.qda', 'RandomizedPCA', 'GMM'],
  apply(parsed, ctx) {
    const edits = RENAMED_CLASS_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    // np.nan only where numpy is imported by the time this cell runs (not just somewhere later in the notebook)
    const alias = ctx.imports.aliasFor('numpy');
    const np = alias && boundHere(parsed, ctx, 'numpy', alias) ? alias : null;
    for (const call of ctx.nodes('call')) {
      const old = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      const fnText = parsed.text(call.childForFieldName('function') as Node);
      const isOld = (name: string, module: string): boolean =>
        old === `${module}.${name}` || (old === null && fnText === name) || old?.endsWith(`.${name}`) === true;
      if (isOld('Imputer', 'sklearn.preprocessing') || old === 'sklearn.impute.SimpleImputer') {
        const axis = keywordArgument(call, 'axis', parsed);
        if (axis && parsed.text(axis.childForFieldName('value') as Node) === '0')
          edits.push(removeArgument(axis, call));
        const missing = keywordArgument(call, 'missing_values', parsed)?.childForFieldName('value');
        const content = stringContent(missing ?? null, parsed);
        if (missing && content?.toLowerCase() === 'nan')
          edits.push(replaceNode(missing, np ? `${np}.nan` : "float('nan')"));
      } else if (isOld('RandomizedPCA', 'sklearn.decomposition') && !keywordArgument(call, 'svd_solver', parsed)) {
        const edit = appendArguments(call, ["svd_solver='randomized'"], parsed);
        if (edit) edits.push(edit);
      } else if (isOld('GMM', 'sklearn.mixture')) {
        edits.push(...keywordRenameEdits(parsed, ctx, (c) => c.startIndex === call.startIndex, { n_iter: 'max_iter' }));
      }
    }
    return edits;
  },
});

// calibrate.sklearn-tsne-defaults — TSNE: pin learning_rate=200.0 and init='random' (defaults changed in 1.2)
//
// Why it broke: scikit-learn 1.2 (2022-12-08) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     t = TSNE(random_state=17)
//   →
//     t = TSNE(random_state=17, learning_rate=200.0, init='random')
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { pinDefault } from './_shared';

export const sklearnTsneDefaults = pinDefault({
  id: 'calibrate.sklearn-tsne-defaults',
  title: "TSNE: pin learning_rate=200.0 and init='random' (defaults changed in 1.2)",
  since: { package: 'scikit-learn', version: '1.2', date: '2022-12-08' },
  module: 'sklearn',
  callables: ['TSNE'],
  pins: { learning_rate: '200.0', init: "'random'" },
  explanation:
    "scikit-learn 1.2 changed TSNE's defaults to learning_rate='auto' " +
    "and init='pca'; embeddings (and anything computed from them) differ.",
});

// calibrate.sklearn-kmeans-n-init — KMeans: pin n_init=10 (default became "auto", one run with k-means++, in 1.4)
//
// Why it broke: scikit-learn 1.4 (2024-01-18) changed a default, so a notebook written before it computes something
// else today (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.4.html
// Example:
//     km = KMeans(n_clusters=3)
//   →
//     km = KMeans(n_clusters=3, n_init=10)
// Fix safety: Restores the old result: the default the notebook was written against is pinned, so it computes what it
// computed in its era. The fix is flagged 'defaults-pinned' for review.
import { pinDefault } from './_shared';

export const sklearnKmeansNInit = pinDefault({
  id: 'calibrate.sklearn-kmeans-n-init',
  title: 'KMeans: pin n_init=10 (default became "auto", one run with k-means++, in 1.4)',
  since: { package: 'scikit-learn', version: '1.4', date: '2024-01-18' },
  module: 'sklearn',
  callables: ['KMeans', 'MiniBatchKMeans'],
  pins: { n_init: '10' },
  overrides: { MiniBatchKMeans: { n_init: '3' } },
  positions: { n_init: 2 },
  explanation:
    "scikit-learn 1.4 changed KMeans' n_init default from 10 runs to 'auto' (a single " +
    'k-means++ run; MiniBatchKMeans: from 3); clusterings and inertia can differ.',
});

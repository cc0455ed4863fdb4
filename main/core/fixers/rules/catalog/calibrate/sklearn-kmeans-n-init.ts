// calibrate.sklearn-kmeans-n-init: KMeans: pin n_init=10 (default became "auto", one run with k-means++, in 1.4)
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
    "scikit-learn 1.4 changed KMeans' n_init default from 10 runs to 'auto' (a single k-means++ run; MiniBatchKMeans: from 3); clusterings and inertia can differ.",
});

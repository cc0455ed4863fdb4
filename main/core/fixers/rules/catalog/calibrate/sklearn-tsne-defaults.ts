// calibrate.sklearn-tsne-defaults: TSNE: pin learning_rate=200.0 and init='random' (defaults changed in 1.2)
import { pinDefault } from './_shared';

export const sklearnTsneDefaults = pinDefault({
  id: 'calibrate.sklearn-tsne-defaults',
  title: "TSNE: pin learning_rate=200.0 and init='random' (defaults changed in 1.2)",
  since: { package: 'scikit-learn', version: '1.2', date: '2022-12-08' },
  module: 'sklearn',
  callables: ['TSNE'],
  pins: { learning_rate: '200.0', init: "'random'" },
  explanation:
    "scikit-learn 1.2 changed TSNE's defaults to learning_rate='auto' and init='pca'; embeddings (and anything computed from them) differ.",
});

// calibrate.sklearn-isolation-forest-contamination: IsolationForest: pin contamination=0.1 (default became "auto" in 0.22)
import { pinDefault, SK_022 } from './_shared';

export const sklearnIsolationForestContamination = pinDefault({
  id: 'calibrate.sklearn-isolation-forest-contamination',
  title: 'IsolationForest: pin contamination=0.1 (default became "auto" in 0.22)',
  since: SK_022,
  module: 'sklearn',
  callables: ['IsolationForest'],
  pins: { contamination: '0.1' },
  positions: { contamination: 2 },
  explanation:
    "Before 0.22 IsolationForest flagged 10% of the samples as outliers by default ('legacy' contamination 0.1); 'auto' now uses the paper's threshold, so predictions change.",
});

// Debian bookworm's stack (the 2023 one: Python 3.11, numpy 1.24, pandas 1.5, scikit-learn 1.2) as a runtime's
// describe() reports it, for code that needs an environment description without starting Python.
import type { EnvironmentDescription } from '../../shared/models/execution';

export const BOOKWORM_ENVIRONMENT: EnvironmentDescription = {
  runtime: 'local',
  python: '3.11.2',
  pythonPath: '/usr/bin/python3',
  image: null,
  packages: {
    numpy: '1.24.2',
    pandas: '1.5.3',
    'scikit-learn': '1.2.1',
    matplotlib: '3.6.3',
    nbclient: '0.7.2',
    ipykernel: '6.17.0',
  },
  gpus: [],
};

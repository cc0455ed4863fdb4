// Environment-only lines (catalog/environment/ and catalog/numpy/legacy-scalar-printing.ts): before → after examples,
// with the errors a kernel really reports (IPython 8.5 and 9.11: `%load_ext` of a missing package raises
// ModuleNotFoundError).
import { cellError } from '../../helpers';
import { leftAlone, one, type RuleCase } from './types';

const missing = (module: string, cellIndex = 0) => ({
  errors: [cellError(cellIndex, 'ModuleNotFoundError', `No module named '${module}'`)],
});
const EXT_NOTE =
  '# nbrevive: watermark is not installed here; it only prints versions, dates and the machine it ran on';
const NOTIFY_NOTE =
  '# nbrevive: jupyternotify is not installed here; it only sends a browser notification when a cell finishes';
const WIDGET_NOTE = '# nbrevive: widgets only decorate the notebook';
const FIRST_CALL_NOTE = "# nbrevive: the call interact made, with its controls' first values";

export const ENVIRONMENT_CASES: RuleCase[] = [
  one(
    'environment.decorative-extension',
    '%load_ext watermark and %watermark commented out',
    '%load_ext watermark\n%watermark -a "me" -d -v -p numpy,pandas\nimport numpy as np\n',
    `# %load_ext watermark  ${EXT_NOTE}\n# %watermark -a "me" -d -v -p numpy,pandas  ${EXT_NOTE}\nimport numpy as np\n`,
    missing('watermark'),
  ),
  one(
    'environment.decorative-extension',
    'only the missing extension: autoreload stays',
    '%load_ext autoreload\n%autoreload 2\n%load_ext nb_black\n',
    '%load_ext autoreload\n%autoreload 2\n# %load_ext nb_black  # nbrevive: nb_black is not installed here; it only reformats the cells\n',
    missing('nb_black'),
  ),
  {
    rule: 'environment.decorative-extension',
    name: 'a %%notify cell runs its body again once jupyternotify is disabled',
    before: ['%load_ext jupyternotify\n', '%%notify\nmodel.fit(X, y)\n'],
    after: [`# %load_ext jupyternotify  ${NOTIFY_NOTE}\n`, `${NOTIFY_NOTE}\n# %%notify\nmodel.fit(X, y)\n`],
    options: missing('jupyternotify'),
  },
  {
    rule: 'environment.decorative-extension',
    name: "the other cells' magics of an extension disabled before",
    before: [
      '# %load_ext watermark  # nbrevive: watermark is not installed here; it only prints versions, dates and the machine it ran on\n',
      '%watermark -v\nx = 1\n',
    ],
    after: [
      '# %load_ext watermark  # nbrevive: watermark is not installed here; it only prints versions, dates and the machine it ran on\n',
      `# %watermark -v  ${EXT_NOTE}\nx = 1\n`,
    ],
  },
  leftAlone(
    'environment.decorative-extension',
    'not without the error: the package may be installed',
    '%load_ext watermark\n%watermark\n',
  ),
  leftAlone(
    'environment.decorative-extension',
    'not for an extension that computes (Cython)',
    '%load_ext Cython\n',
    missing('Cython'),
  ),

  one(
    'environment.widget-imports',
    'the import and @interact of the same cell',
    'from ipywidgets import interact\n\n@interact(x=(0, 10))\ndef double(x):\n    return 2 * x\n\nprint(double(3))\n',
    `# from ipywidgets import interact  ${WIDGET_NOTE}; ipywidgets is not installed here\n\n# @interact(x=(0, 10))  ${WIDGET_NOTE}; disabled with the widget import\ndef double(x):\n    return 2 * x\ndouble(x=5)  ${FIRST_CALL_NOTE}\n\nprint(double(3))\n`,
    missing('ipywidgets'),
  ),
  one(
    'environment.widget-imports',
    'IPython.html widgets and a statement that only shows controls',
    'import numpy as np\nfrom IPython.html import widgets\nfrom IPython.html.widgets import interact\ninteract(plot, n=widgets.IntSlider(min=1, max=9))\n',
    `import numpy as np\n# from IPython.html import widgets  ${WIDGET_NOTE}; IPython.html is gone since IPython 4\n# from IPython.html.widgets import interact  ${WIDGET_NOTE}; IPython.html is gone since IPython 4\n# interact(plot, n=widgets.IntSlider(min=1, max=9))  ${WIDGET_NOTE}; disabled with the widget import\n`,
    missing('IPython.html'),
  ),
  {
    rule: 'environment.widget-imports',
    name: 'decorations in later cells once the import was disabled',
    before: [
      `# from ipywidgets import interact_manual as im  ${WIDGET_NOTE}; ipywidgets is not installed here\n`,
      '@im\ndef show(n=3):\n    print(n)\nshow()\n',
    ],
    after: [
      `# from ipywidgets import interact_manual as im  ${WIDGET_NOTE}; ipywidgets is not installed here\n`,
      `# @im  ${WIDGET_NOTE}; disabled with the widget import\ndef show(n=3):\n    print(n)\nshow()\n`,
    ],
  },
  {
    rule: 'environment.widget-imports',
    name: 'never when a widget value is used for results',
    before: [
      'import ipywidgets as widgets\n',
      'slider = widgets.FloatSlider(value=0.5)\nmodel = Ridge(alpha=slider.value)\n',
    ],
    after: [
      'import ipywidgets as widgets\n',
      'slider = widgets.FloatSlider(value=0.5)\nmodel = Ridge(alpha=slider.value)\n',
    ],
    options: missing('ipywidgets'),
  },
  {
    rule: 'environment.widget-imports',
    name: 'never when a widget is called inside a function of the notebook',
    before: ['from ipywidgets import interact\n', 'def explore(f):\n    interact(f, k=(1, 5))\n'],
    after: ['from ipywidgets import interact\n', 'def explore(f):\n    interact(f, k=(1, 5))\n'],
    options: missing('ipywidgets'),
  },
  {
    rule: 'environment.widget-imports',
    name: 'never when the notebook reads the widget @interact hangs on the function',
    before: [
      'from ipywidgets import interact\n@interact(k=(1, 5))\ndef f(k=2):\n    return k\n',
      'print(f.widget.kwargs)\n',
    ],
    after: [
      'from ipywidgets import interact\n@interact(k=(1, 5))\ndef f(k=2):\n    return k\n',
      'print(f.widget.kwargs)\n',
    ],
    options: missing('ipywidgets'),
  },
  {
    rule: 'environment.widget-imports',
    name: 'never when the notebook defines its own function of a widget name (shadowing)',
    before: [
      'from ipywidgets import interact\n',
      'def interact(f, **ranges):\n    return [f(v) for v in ranges["x"]]\n',
      'results = interact(abs, x=[-1, 2])\n@interact\ndef g(x=1):\n    return x\n',
    ],
    after: [
      'from ipywidgets import interact\n',
      'def interact(f, **ranges):\n    return [f(v) for v in ranges["x"]]\n',
      'results = interact(abs, x=[-1, 2])\n@interact\ndef g(x=1):\n    return x\n',
    ],
    options: missing('ipywidgets'),
  },
  leftAlone(
    'environment.widget-imports',
    'not for a star import (its names cannot be followed)',
    'from ipywidgets import *\n@interact\ndef f(x=1):\n    return x\n',
    missing('ipywidgets'),
  ),
  leftAlone(
    'environment.widget-imports',
    'not without the error',
    'from ipywidgets import interact\n@interact\ndef f(x=1):\n    return x\n',
  ),
];

const NUMPY_2 = { packages: { numpy: '2.4.6' }, created: '2017-03' };
const PRINTING_NOTE =
  "# nbrevive: NumPy >= 2 prints scalars as np.float64(...); print them as the notebook's NumPy did";

export const NUMPY_PRINTING_CASES: RuleCase[] = [
  {
    rule: 'numpy.legacy-scalar-printing',
    name: "legacy='1.25' after the first numpy import, with its alias",
    before: [
      '%matplotlib inline\nimport pandas as pd\n',
      'import numpy as np\nimport seaborn as sns\n',
      'import numpy as np\nprint(np.mean([1, 2]))\n',
    ],
    after: [
      '%matplotlib inline\nimport pandas as pd\n',
      `import numpy as np\nnp.set_printoptions(legacy='1.25')  ${PRINTING_NOTE}\nimport seaborn as sns\n`,
      'import numpy as np\nprint(np.mean([1, 2]))\n',
    ],
    options: NUMPY_2,
  },
  one(
    'numpy.legacy-scalar-printing',
    'import numpy without an alias, at the end of the cell',
    'import os\nimport numpy',
    `import os\nimport numpy\nnumpy.set_printoptions(legacy='1.25')  ${PRINTING_NOTE}`,
    NUMPY_2,
  ),
  one(
    'numpy.legacy-scalar-printing',
    'a from-import binds no numpy name: import it for the call',
    'from numpy import array, mean\n',
    `from numpy import array, mean\nimport numpy\nnumpy.set_printoptions(legacy='1.25')  ${PRINTING_NOTE}\n`,
    NUMPY_2,
  ),
  one(
    'numpy.legacy-scalar-printing',
    "after pandas' import where numpy is not imported (pandas' mean is a numpy scalar)",
    'import pandas as pd\nprint(pd.Series([1.5]).mean())\n',
    "import pandas as pd\nimport numpy\nnumpy.set_printoptions(legacy='1.25')  # nbrevive: NumPy >= 2 prints scalars as np.float64(...); print them as the notebook's NumPy did\nprint(pd.Series([1.5]).mean())\n",
    NUMPY_2,
  ),
  leftAlone(
    'numpy.legacy-scalar-printing',
    'not where no library returning numpy scalars is imported',
    'import os\nprint(sum([1.5]))\n',
    NUMPY_2,
  ),
  leftAlone(
    'numpy.legacy-scalar-printing',
    'not when the notebook sets legacy printing itself',
    "import numpy as np\nnp.set_printoptions(legacy='1.13')\n",
    NUMPY_2,
  ),
  leftAlone('numpy.legacy-scalar-printing', 'not under numpy 1 (it prints scalars plainly)', 'import numpy as np\n', {
    created: '2017-03',
  }),
  leftAlone('numpy.legacy-scalar-printing', 'not for a notebook written with numpy 2', 'import numpy as np\n', {
    packages: { numpy: '2.4.6' },
    created: '2025-01',
  }),
  leftAlone(
    'numpy.legacy-scalar-printing',
    'an import inside a function does not count',
    'def f():\n    import numpy as np\n    return np.zeros(2)\n',
    NUMPY_2,
  ),
];

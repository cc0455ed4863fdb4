// The libraries the extractor covers, each with the first release it reads and how a changelog's name (`ensemble.X`,
// `np.x`, `DataFrame.ix`) becomes a full dotted name; and how an rst role or literal spells a name.
import type { ApiLibrary } from '../../main/core/fixers/api-changes/types';

export interface LibrarySpec {
  library: ApiLibrary;
  minVersion: string;
  /** qualifies a name as the changelog writes it (`ensemble.X`, `np.x`, `DataFrame.ix`) */
  qualify(name: string): string | null;
}

const SKLEARN_MODULES = new Set(
  (
    'base calibration cluster compose covariance cross_decomposition cross_validation datasets ' +
    'decomposition discriminant_analysis dummy ensemble exceptions experimental externals ' +
    'feature_extraction feature_selection gaussian_process grid_search impute inspection isotonic ' +
    'kernel_approximation kernel_ridge learning_curve linear_model lda manifold metrics mixture ' +
    'model_selection multiclass multioutput naive_bayes neighbors neural_network pipeline preprocessing ' +
    'qda random_projection semi_supervised svm tree utils frozen'
  ).split(' '),
);

/**
 * qualify() of a library imported as `module`: its full names as they are, a name through an alias (`pd.x`) under
 * the module the alias stands for, a name of an `others` module null, and any other name under `module` where
 * `bare` takes it (null where not).
 */
function qualifier(
  module: string,
  aliases: Record<string, string>,
  others: RegExp | null,
  bare: (name: string) => boolean = () => true,
): (name: string) => string | null {
  return (name) => {
    if (name.startsWith(`${module}.`)) return name;
    for (const [alias, target] of Object.entries(aliases)) {
      if (name.startsWith(`${alias}.`)) return `${target}.${name.slice(alias.length + 1)}`;
    }
    if (others?.test(name)) return null;
    return bare(name) ? `${module}.${name}` : null;
  };
}

const SCIPY_SUBPACKAGES =
  /^(misc|stats|special|linalg|signal|sparse|optimize|interpolate|integrate|ndimage|spatial|io|fft|fftpack|cluster|odr|constants)\./;

const DOTTED_NAME = /^[a-z_][\w.]*$/i;
const MATPLOTLIB_MODULES =
  /^(pyplot|cbook|mlab|cm|colors|axes|figure|pylab|ticker|dates|patches|lines|text|rcsetup|backends|style|animation|collections|contour|image|legend|path|transforms|widgets|artist|font_manager|colorbar|gridspec|scale|spines|testing|tight_layout|type1font|afm|docstring|projections|quiver|sankey|table|markers|offsetbox|bezier|textpath|backend_bases|units)\b/;
const matplotlibName = qualifier('matplotlib', { plt: 'matplotlib.pyplot', mpl: 'matplotlib' }, null, (name) =>
  MATPLOTLIB_MODULES.test(name),
);

export const SPECS: Record<ApiLibrary, LibrarySpec> = {
  'scikit-learn': {
    library: 'scikit-learn',
    minVersion: '0.17',
    qualify: qualifier('sklearn', {}, null, (name) => SKLEARN_MODULES.has(name.split('.')[0] as string)),
  },
  pandas: {
    library: 'pandas',
    minVersion: '0.19',
    qualify: qualifier('pandas', { pd: 'pandas' }, /^(np|numpy|scipy|matplotlib|plt)\./),
  },
  numpy: {
    library: 'numpy',
    minVersion: '1.10',
    qualify: qualifier('numpy', { np: 'numpy' }, /^(scipy|pandas|math|ctypes|pickle|builtins)\./, (name) =>
      DOTTED_NAME.test(name),
    ),
  },
  scipy: {
    library: 'scipy',
    minVersion: '0.19',
    qualify: qualifier('scipy', {}, null, (name) => SCIPY_SUBPACKAGES.test(name)),
  },
  matplotlib: {
    library: 'matplotlib',
    minVersion: '2.0',
    qualify: (name) => (name.startsWith('mpl_toolkits.') ? name : matplotlibName(name)),
  },
  seaborn: {
    library: 'seaborn',
    minVersion: '0.8',
    qualify: qualifier('seaborn', { sns: 'seaborn' }, /^(np|pd|plt|matplotlib|pandas|numpy|scipy)\./),
  },
  statsmodels: {
    library: 'statsmodels',
    minVersion: '0.8',
    qualify: qualifier('statsmodels', { sm: 'statsmodels.api', smf: 'statsmodels.formula.api' }, null, () => false),
  },
  python: { library: 'python', minVersion: '3.12', qualify: (name) => name },
};

/** A name as an rst role or literal spells it: `~sklearn.x`, `!y`, `label <target>`, `x()`. */
export function cleanName(raw: string): string | null {
  let name = raw.trim();
  const target = /<([^>]+)>$/.exec(name);
  if (target) name = target[1] as string;
  name = name
    .replace(/^[~!.]+/, '')
    .replace(/\(\)$/, '')
    .replace(/\(\s*\)$/, '');
  if (!/^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*$/.test(name)) return null;
  return name;
}

// Which cells of a notebook compute with randomness that was never seeded, read from the code alone. Two things
// need it: target discovery prefers a score that can come out the same on every run, and output fidelity does not
// hold a different number against a fix when the author's own run could not be repeated either.
//
// A cell is random when it calls something whose result depends on a random state (an estimator or splitter with a
// `random_state`, numpy's or Python's random module, a deep-learning fit) without seeding it: no `random_state=` /
// `seed=` argument in the call, and no global seed (`np.random.seed`, `random.seed`, `tf.random.set_seed`,
// `torch.manual_seed`, `set_random_seed`) in this or an earlier cell. Randomness also flows: a cell that reads a
// name a random cell assigned (or fitted) is random too, so `preds = rf.predict(X)` after an unseeded
// `rf.fit(...)` is marked, with the reason naming where it came from.
import type { Notebook } from '../models/notebook';
import { cellSource } from './ipynb';

interface RandomSource {
  /** matches the start of the call: `Name(` */
  re: RegExp;
  /** what seeds this call when passed as an argument; null: only a global seed does */
  seedArg: RegExp | null;
  /** which global seed covers it */
  global: 'numpy' | 'python' | 'framework';
  /** a call that is random only with this argument (KFold(shuffle=True)) */
  onlyWith?: RegExp;
}

const SEED_ARG = /\b(random_state|seed|random_seed|randomseed)\s*=\s*(?!None\b)/;

// scikit-learn estimators and helpers whose result depends on random_state (their docs list the parameter as
// controlling randomness), and the random modules themselves. Not the gradient-boosting libraries: without a seed
// XGBoost uses seed 0, LightGBM its fixed C++ default seeds and CatBoost random_seed 0, so a rerun gives the same model
const SOURCES: readonly RandomSource[] = [
  {
    re: /\b(RandomForest|ExtraTrees|DecisionTree|ExtraTree|GradientBoosting|HistGradientBoosting|AdaBoost|Bagging|IsolationForest|RandomTrees)\w*\s*\(/g,
    seedArg: SEED_ARG,
    global: 'numpy',
  },
  {
    re: /\b(SGD\w*|Perceptron|PassiveAggressive\w*|MLP\w*|LinearSVC|LinearSVR|KMeans|MiniBatchKMeans|TSNE|RandomizedSearchCV|SpectralClustering|GaussianMixture|NMF|LatentDirichletAllocation)\s*\(/g,
    seedArg: SEED_ARG,
    global: 'numpy',
  },
  { re: /\btrain_test_split\s*\(/g, seedArg: SEED_ARG, global: 'numpy' },
  {
    re: /\b(KFold|StratifiedKFold|GroupKFold)\s*\(/g,
    seedArg: SEED_ARG,
    global: 'numpy',
    onlyWith: /\bshuffle\s*=\s*True\b/,
  },
  {
    re: /\b(ShuffleSplit|StratifiedShuffleSplit|RepeatedKFold|RepeatedStratifiedKFold)\s*\(/g,
    seedArg: SEED_ARG,
    global: 'numpy',
  },
  { re: /\.sample\s*\(/g, seedArg: SEED_ARG, global: 'numpy' },
  {
    re: /\b(np|numpy)\.random\.(rand|randn|randint|random|random_sample|choice|shuffle|permutation|normal|uniform|binomial|poisson|exponential|beta|gamma)\s*\(/g,
    seedArg: null,
    global: 'numpy',
  },
  {
    re: /\brandom\.(random|randint|choice|choices|shuffle|sample|uniform|gauss)\s*\(/g,
    seedArg: null,
    global: 'python',
  },
  { re: /\.fit(_generator)?\s*\([^)]*\bepochs\s*=/g, seedArg: null, global: 'framework' },
];

const GLOBAL_SEEDS: Record<RandomSource['global'], RegExp> = {
  numpy: /\b(np|numpy)\.random\.seed\s*\(|\bset_random_seed\s*\(/,
  python: /(^|[^.\w])random\.seed\s*\(/m,
  framework: /\b(tf\.random\.set_seed|tf\.set_random_seed|torch\.manual_seed|set_random_seed|seed_everything)\s*\(/,
};

/** The argument text of the call whose `(` is at `open` (balanced parentheses, strings not parsed). */
function callArguments(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** The source without comments and string contents (so `# random_state=0 would help` seeds nothing). */
export function codeOnly(source: string): string {
  return source
    .replace(/("""|''')[\s\S]*?\1/g, '""')
    .replace(/(["'])(?:\\.|(?!\1)[^\\\n])*\1/g, '""')
    .replace(/#.*$/gm, '');
}

const ASSIGNED = /^[ \t]*([A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)*)\s*(?:\[[^\]]*\]\s*)?[+\-*/]?=(?!=)/gm;
const FITTED = /\b([A-Za-z_]\w*)\.(fit|fit_transform|fit_predict|partial_fit|train)\s*\(/g;
const FOR_TARGET = /^[ \t]*for\s+([A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)*)\s+in\b/gm;

/** Names a cell binds or mutates: assignment targets, for-loop variables and the objects it fits. */
export function assignedNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const re of [ASSIGNED, FOR_TARGET]) {
    for (const m of code.matchAll(re)) for (const n of (m[1] as string).split(',')) names.add(n.trim());
  }
  for (const m of code.matchAll(FITTED)) names.add(m[1] as string);
  return names;
}

/** Names a cell reads: identifiers outside the targets of its plain assignments (`score = f(x)` reads x, f). */
function identifiers(code: string): Set<string> {
  const reads = code.replace(/^[ \t]*[A-Za-z_][\w]*(?:\s*,\s*[A-Za-z_][\w]*)*\s*=(?!=)/gm, '');
  return new Set(reads.match(/(?<![.\w])[A-Za-z_]\w*/g) ?? []);
}

/** Why the cell's own code is random, or null: the first unseeded random call. */
function ownRandomness(code: string, seeded: Record<RandomSource['global'], boolean>): string | null {
  for (const src of SOURCES) {
    if (seeded[src.global]) continue;
    for (const m of code.matchAll(src.re)) {
      const open = (m.index ?? 0) + m[0].lastIndexOf('(');
      const args = callArguments(code, open);
      if (src.onlyWith && !src.onlyWith.test(args)) continue;
      if (src.seedArg && src.seedArg.test(args)) continue;
      const name = m[0].replace(/\s*\($/, '').trim();
      return `${name}(…) without a seed`;
    }
  }
  return null;
}

/**
 * For each cell index of `nb` whose result depends on unseeded randomness, the reason in words. Cells are
 * read in order, as they ran.
 */
export function unseededRandomCells(nb: Notebook): Map<number, string> {
  return taintedCells(nb, (code, seeded) => ownRandomness(code, seeded));
}

/**
 * Library defaults a call relies on that changed since the notebooks of 2015–2020 were written (scikit-learn's
 * changelog), and estimators whose documented result depends on tie-breaking: a score computed with them is
 * expected to drift today, so it makes a poor target.
 */
const VERSION_SENSITIVE: readonly { re: RegExp; unless: RegExp | null; why: string }[] = [
  {
    re: /\bLogisticRegression\s*\(/g,
    unless: /\bsolver\s*=/,
    why: "LogisticRegression's default solver changed (liblinear → lbfgs, scikit-learn 0.22)",
  },
  {
    re: /\b(SVC|SVR)\s*\(/g,
    unless: /\bgamma\s*=/,
    why: "SVC's default gamma changed ('auto' → 'scale', scikit-learn 0.22)",
  },
  {
    re: /\b(RandomForest|ExtraTrees)(Classifier|Regressor)\s*\(/g,
    unless: /\bn_estimators\s*=/,
    why: 'the default n_estimators changed (10 → 100, scikit-learn 0.22)',
  },
  {
    re: /\b(LassoCV|ElasticNetCV|LassoLarsCV|LarsCV|LogisticRegressionCV|GridSearchCV|RandomizedSearchCV|cross_val_score|cross_val_predict|cross_validate)\s*\(/g,
    unless: /\bcv\s*=/,
    why: 'the default number of CV folds changed (3 → 5, scikit-learn 0.22)',
  },
  {
    re: /\b(KMeans|MiniBatchKMeans)\s*\(/g,
    unless: /\bn_init\s*=/,
    why: "KMeans' default n_init changed (10 → 'auto', scikit-learn 1.4)",
  },
  {
    re: /\bKNeighbors(Classifier|Regressor)\s*\(/g,
    unless: null,
    why:
      'nearest neighbours at equal distances are broken by data order ' +
      'and algorithm (scikit-learn documents the results may differ)',
  },
];

/** Cells whose result depends on a changed library default or on tie-breaking (see VERSION_SENSITIVE), with why. */
export function versionSensitiveCells(nb: Notebook): Map<number, string> {
  return taintedCells(nb, (code) => {
    for (const v of VERSION_SENSITIVE) {
      for (const m of code.matchAll(v.re)) {
        const args = callArguments(code, (m.index ?? 0) + m[0].lastIndexOf('('));
        if (!v.unless || !v.unless.test(args)) return v.why;
      }
    }
    return null;
  });
}

/** Cells that rely only on a global seed set in an earlier cell: the draws in between shift with library versions. */
export function globallySeededCells(nb: Notebook): Map<number, string> {
  const unseeded = { numpy: false, python: false, framework: false };
  let seedCell = -1;
  return taintedCells(nb, (code, seeded, index) => {
    if (Object.values(GLOBAL_SEEDS).some((re) => re.test(code))) seedCell = index;
    if (!Object.values(seeded).some(Boolean) || seedCell === index) return null;
    const own = ownRandomness(code, unseeded);
    return own ? `${own.replace(/ without a seed$/, '')} draws from the global seed set in cell ${seedCell}` : null;
  });
}

function taintedCells(
  nb: Notebook,
  own: (code: string, seeded: Record<RandomSource['global'], boolean>, index: number) => string | null,
): Map<number, string> {
  const result = new Map<number, string>();
  const seeded = { numpy: false, python: false, framework: false };
  /** name → the reason it holds a random value */
  const tainted = new Map<string, string>();
  nb.cells.forEach((cell, index) => {
    if (cell.cell_type !== 'code') return;
    const code = codeOnly(cellSource(cell));
    for (const key of Object.keys(GLOBAL_SEEDS) as (keyof typeof GLOBAL_SEEDS)[])
      if (GLOBAL_SEEDS[key].test(code)) seeded[key] = true;
    let reason = own(code, seeded, index);
    if (!reason) {
      for (const name of identifiers(code)) {
        const why = tainted.get(name);
        if (why) {
          reason = `uses ${name} ${why}`;
          break;
        }
      }
    }
    const assigned = assignedNames(code);
    if (reason) {
      result.set(index, reason);
      const origin = reason.startsWith('uses ') ? reason.replace(/^uses \w+ /, '') : `from cell ${index} (${reason})`;
      for (const name of assigned) tainted.set(name, origin);
    } else {
      // a name rebound by a deterministic cell holds a deterministic value again
      for (const name of assigned) tainted.delete(name);
    }
  });
  return result;
}

// Removals that the libraries' changelogs give an exact replacement for, written by hand (issue 18): SciPy 1.12's
// removal of the NumPy functions re-exported from the scipy namespace, scikit-learn's SCORERS dict (1.3) and
// LogisticRegression's default solver (0.22, for the l1 penalty it cannot fit), matplotlib's 'spectral' colormap
// (2.2) and scatter's empty colour string. Each rewrite keeps what the code computes; changes whose replacement
// computes something else (AdaBoostClassifier's algorithm='SAMME.R', removed in 1.6: 'SAMME' gives other
// predictions) have no rule here on purpose, so the loop reports them as having none.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type Rule } from '../rule';
import { deleteRange, insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  appendArguments,
  callArguments as callArgumentsOf,
  hasSplat,
  keywordArgument,
  keywordValue,
  methodName,
  methodReceiver,
  positionalArguments,
  removeArgument,
  replaceStringContent,
  stringContent,
} from '../syntax';
import { calleeOf, insertAtCellTop, moduleMoveEdits, moduleReference, type ModuleMove } from './helpers';

/**
 * NumPy names SciPy re-exported (`from numpy import *` in scipy/__init__.py) that notebooks reached through
 * scipy: deprecated in SciPy 1.4 ("scipy.interp is deprecated and will be removed in SciPy 2.0.0, use
 * numpy.interp instead"), removed in 1.12. Submodules (scipy.stats, scipy.linalg …) are not in the list.
 */
const SCIPY_NUMPY_NAMES = [
  'interp',
  'array',
  'asarray',
  'zeros',
  'ones',
  'empty',
  'arange',
  'linspace',
  'logspace',
  'meshgrid',
  'sqrt',
  'exp',
  'log',
  'log10',
  'log2',
  'sin',
  'cos',
  'tan',
  'arcsin',
  'arccos',
  'arctan',
  'arctan2',
  'sinh',
  'cosh',
  'tanh',
  'pi',
  'e',
  'inf',
  'nan',
  'isnan',
  'isinf',
  'mean',
  'std',
  'var',
  'median',
  'dot',
  'where',
  'absolute',
  'floor',
  'ceil',
  'around',
  'cumsum',
  'diff',
  'argmax',
  'argmin',
  'amax',
  'amin',
  'sort',
  'argsort',
  'concatenate',
  'vstack',
  'hstack',
  'column_stack',
  'reshape',
  'transpose',
  'ravel',
  'polyfit',
  'polyval',
  'poly1d',
  'histogram',
  'unique',
  'real',
  'imag',
  'conj',
  'angle',
  'outer',
  'cross',
  'trapz',
  'eye',
  'identity',
  'diag',
  'float64',
  'int32',
  'int64',
  'ndarray',
  'matrix',
  'random',
  'power',
  'square',
  'exp2',
  'expm1',
  'log1p',
  'sign',
  'clip',
  'round',
  'prod',
  'sum',
  'all',
  'any',
  'allclose',
  'isfinite',
  'ones_like',
  'zeros_like',
];

const SCIPY_NUMPY_MOVE: ModuleMove = {
  from: 'scipy',
  names: Object.fromEntries(SCIPY_NUMPY_NAMES.map((name) => [name, { module: 'numpy' }])),
};

const scipyNumpyAliases = defineRule({
  id: 'scipy.numpy-aliases',
  title: 'scipy.interp, scipy.array, scipy.sqrt … → numpy.interp, numpy.array, numpy.sqrt …',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.12', date: '2024-01-20' },
  deprecatedIn: '1.4',
  explanation:
    'SciPy re-exported the NumPy namespace (scipy.interp, scipy.array, scipy.zeros, scipy.sqrt …); 1.4 deprecated those aliases ("use numpy.interp instead") and 1.12 removed them. They were the NumPy functions themselves, so numpy.interp computes the same. Imports (`from scipy import interp`) and dotted uses (`sp.interp(…)`) are rewritten; scipy\'s own submodules are untouched.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name '\w+' from 'scipy'/ },
      { ename: 'AttributeError', evalue: /module 'scipy' has no attribute '\w+'/ },
    ],
    pattern: true,
  },
  needles: ['scipy', 'sp.'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('scipy')) return [];
    return moduleMoveEdits(parsed, ctx, SCIPY_NUMPY_MOVE);
  },
});

/** Is the node sklearn.metrics.SCORERS (through the notebook's imports)? */
function isScorers(node: Node | null, resolve: (n: Node) => string | null): boolean {
  return !!node && resolve(node) === 'sklearn.metrics.SCORERS';
}

const scorersDict = defineRule({
  id: 'sklearn.scorers-dict',
  title: 'sorted(SCORERS.keys()) → get_scorer_names()',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.3', date: '2023-06-30' },
  deprecatedIn: '1.0',
  explanation:
    'sklearn.metrics.SCORERS, the dict of scorer names, was deprecated in 1.0 ("use sklearn.metrics.get_scorer_names() to get a list of available scorers") and removed in 1.3. Where the code reads its keys, SCORERS.keys() becomes get_scorer_names(), the sorted list of the same names (sorted() of it is unchanged). Other uses (SCORERS[name]) are left alone.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name 'SCORERS'/ },
      { ename: 'AttributeError', evalue: /has no attribute 'SCORERS'/ },
    ],
    pattern: true,
  },
  needles: ['SCORERS'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const resolve = (n: Node): string | null => ctx.imports.resolve(n, parsed);
    let needsImport = false;
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'keys' || positionalArguments(call).length > 0) continue;
      const receiver = methodReceiver(call);
      if (!isScorers(receiver, resolve)) continue;
      if (receiver?.type === 'attribute') {
        // `metrics.SCORERS.keys()` → `metrics.get_scorer_names()`
        edits.push(
          replaceNode(call, `${parsed.text(receiver.childForFieldName('object') as Node)}.get_scorer_names()`),
        );
      } else {
        edits.push(replaceNode(call, 'get_scorer_names()'));
        needsImport = true;
      }
    }
    if (edits.length === 0) return edits;
    // `from sklearn.metrics import SCORERS` fails at import: it becomes the new name when the cell reads only the keys
    let importReplaced = false;
    for (const statement of parsed.nodes('import_from_statement')) {
      const names = statement.childrenForFieldName('name');
      if (
        names.length !== 1 ||
        parsed.text(names[0] as Node) !== 'SCORERS' ||
        parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.metrics'
      )
        continue;
      const otherUses = parsed
        .nodes('identifier')
        .filter(
          (id) =>
            id.startIndex > statement.endIndex &&
            parsed.text(id) === 'SCORERS' &&
            !(id.parent?.type === 'attribute' && id.parent.parent?.type === 'call'),
        );
      if (otherUses.length > 0) continue;
      edits.push(replaceNode(statement, 'from sklearn.metrics import get_scorer_names'));
      importReplaced = true;
    }
    if (
      needsImport &&
      !importReplaced &&
      ctx.imports.bindings.get('get_scorer_names') !== 'sklearn.metrics.get_scorer_names'
    )
      edits.push(insertAtCellTop(parsed, 'from sklearn.metrics import get_scorer_names'));
    return edits;
  },
});

const logisticL1Solver = defineRule({
  id: 'sklearn.logistic-l1-solver',
  title: "LogisticRegression(penalty='l1') → solver='liblinear' (the solver it had)",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.22', date: '2019-12-03' },
  deprecatedIn: '0.20',
  explanation:
    "scikit-learn 0.22 changed LogisticRegression's default solver from 'liblinear' to 'lbfgs', which supports only the l2 penalty (\"Solver lbfgs supports only 'l2' or None penalties, got l1 penalty\"). A model with penalty='l1' and no solver was fitted by liblinear: solver='liblinear' is the old default, so the fit is the same. (penalty='elasticnet' needs saga, a different optimizer: left alone.)",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Solver lbfgs supports only 'l2' or (None|'none') penalties, got l1 penalty/ },
    ],
    pattern: true,
  },
  needles: ['l1'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !calleeOf(call, parsed, ctx.imports, 'sklearn', ['LogisticRegression']) ||
        hasSplat(call)
      )
        continue;
      if (positionalArguments(call).length > 0 || keywordArgument(call, 'solver', parsed)) continue;
      if (stringContent(keywordValue(call, 'penalty', parsed), parsed) !== 'l1') continue;
      const edit = appendArguments(call, ["solver='liblinear'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

const SPECTRAL: Record<string, string> = { spectral: 'nipy_spectral', spectral_r: 'nipy_spectral_r' };

const spectralColormap = defineRule({
  id: 'matplotlib.spectral-colormap',
  title: "cmap='spectral' / cm.spectral → 'nipy_spectral'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: { package: 'matplotlib', version: '2.2', date: '2018-03-06' },
  deprecatedIn: '2.0',
  explanation:
    "matplotlib 2.0 deprecated the colormap 'spectral' (lower case) as a duplicate of 'nipy_spectral' and 2.2 removed it; 'nipy_spectral' is the same colours. cmap='spectral', get_cmap('spectral') and cm.spectral are renamed ('Spectral', capitalized, is another colormap and is left alone).",
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue: /'spectral(_r)?' is not a valid value for (name|cmap)|Colormap spectral(_r)? is not recognized/,
      },
      { ename: 'AttributeError', evalue: /has no attribute 'spectral(_r)?'/ },
    ],
    pattern: true,
  },
  needles: ['spectral'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const cmap = keywordValue(call, 'cmap', parsed) ?? keywordValue(call, 'colormap', parsed);
      const fn = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      const nameArg =
        /(^|\.)get_cmap$/.test(fn) || /(^|\.)cm\.get_cmap$/.test(fn) ? (positionalArguments(call)[0] ?? null) : null;
      for (const node of [cmap, nameArg]) {
        const content = stringContent(node, parsed);
        if (node && content && SPECTRAL[content]) {
          const edit = replaceStringContent(node, SPECTRAL[content]);
          if (edit) edits.push(edit);
        }
      }
    }
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr)) continue;
      const q = ctx.imports.resolve(attr, parsed);
      const name = q?.slice(q.lastIndexOf('.') + 1) ?? '';
      if (!q || !SPECTRAL[name] || !/^matplotlib(\.pyplot)?\.cm\.spectral(_r)?$/.test(q)) continue;
      edits.push(replaceNode(attr.childForFieldName('attribute') as Node, SPECTRAL[name]));
    }
    return edits;
  },
});

const scatterEmptyColor = defineRule({
  id: 'matplotlib.scatter-empty-color',
  title: "scatter(…, c='') → c='none'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: { package: 'matplotlib', version: '3.0', date: '2018-09-18' },
  explanation:
    "c='' was the old idiom for hollow scatter markers (no face colour, only the edge colour); matplotlib 3 no longer reads an empty string as a colour (\"'c' argument must be a color, a sequence of colors, or a sequence of numbers, not ''\"). 'none' is the documented way to draw no face colour, so the plot is the same.",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /'c' argument must be a color|Invalid RGBA argument: ''|not a valid color value/ },
    ],
    pattern: true,
  },
  needles: ['scatter'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'scatter') continue;
      for (const key of ['c', 'color', 'facecolors', 'facecolor']) {
        const value = keywordValue(call, key, parsed);
        if (value && stringContent(value, parsed) === '') {
          const edit = replaceStringContent(value, 'none');
          if (edit) edits.push(edit);
        }
      }
    }
    return edits;
  },
});

/** A grid's values for a removed parameter that all meant what the library does now: a list, tuple or set of True/False literals. */
function booleanValues(node: Node, parsed: ParsedSource): string[] | null {
  if (node.type === 'true' || node.type === 'false') return [parsed.text(node)];
  if (!['list', 'tuple', 'set'].includes(node.type) || node.namedChildren.length === 0) return null;
  const values = node.namedChildren.map((child) =>
    child.type === 'true' || child.type === 'false' ? parsed.text(child) : null,
  );
  return values.every((v): v is string => v !== null) ? values : null;
}

/** Removes one `key: value` pair of a dict literal with the comma that separates it from a neighbour. */
function removePair(pair: Node, dict: Node): SourceEdit {
  const pairs = dict.namedChildren.filter((c) => c.type !== 'comment');
  const index = pairs.findIndex((p) => p.startIndex === pair.startIndex);
  const next = pairs[index + 1];
  if (next) return deleteRange(pair.startIndex, next.startIndex);
  const previous = pairs[index - 1];
  if (previous) return deleteRange(previous.endIndex, pair.endIndex);
  return deleteRange(dict.startIndex + 1, dict.endIndex - 1);
}

/** The estimator a search is built on, when it is a direct call `GridSearchCV(LinearRegression(), grid)`. */
function searchEstimatorOf(dict: Node, parsed: ParsedSource, ctx: CellContext): string | null {
  let node: Node | null = dict.parent;
  if (node?.type === 'keyword_argument') node = node.parent;
  if (node?.type === 'list') node = node.parent;
  const call = node?.type === 'argument_list' ? node.parent : null;
  if (
    !call ||
    call.type !== 'call' ||
    !calleeOf(call, parsed, ctx.imports, 'sklearn', ['GridSearchCV', 'RandomizedSearchCV'])
  )
    return null;
  const estimator = positionalArguments(call)[0] ?? keywordValue(call, 'estimator', parsed);
  if (estimator?.type !== 'call') return null;
  return calleeOf(estimator, parsed, ctx.imports, 'sklearn', ['LinearRegression']) ? 'LinearRegression' : null;
}

const gridNormalize = defineRule({
  id: 'sklearn.grid-normalize',
  title: "param_grid {'linearregression__normalize': [True, False]} → the entry removed",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.2', date: '2022-12-08' },
  deprecatedIn: '1.0',
  explanation:
    "scikit-learn 1.0 deprecated the linear models' normalize parameter and 1.2 removed it, so a parameter grid that searches it fails (\"Invalid parameter 'normalize' for estimator LinearRegression()\"). For LinearRegression, ordinary least squares, rescaling the features changes neither the predictions nor the coefficients reported in the original scale, so every value of normalize scored the same: the grid entry is removed and the search finds the same best score (best_params_ no longer lists normalize). The entry is recognised by make_pipeline's step name 'linearregression__normalize', or as 'normalize' in a grid passed straight to GridSearchCV(LinearRegression(), …); only True/False values. Grids of penalized models (Ridge, Lasso), where normalize=True changed the fit, are left alone.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Invalid parameter '(linearregression__)?normalize' for estimator/ }],
    pattern: true,
  },
  needles: ['normalize'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const dict of parsed.nodes('dictionary')) {
      if (!ctx.inScope(dict)) continue;
      for (const pair of dict.namedChildren) {
        if (pair.type !== 'pair') continue;
        const key = stringContent(pair.childForFieldName('key'), parsed);
        const value = pair.childForFieldName('value');
        if (!value || !booleanValues(value, parsed)) continue;
        if (
          key === 'linearregression__normalize' ||
          (key === 'normalize' && searchEstimatorOf(dict, parsed, ctx) === 'LinearRegression')
        )
          edits.push(removePair(pair, dict));
      }
    }
    return edits;
  },
});

const adaboostSamme = defineRule({
  id: 'sklearn.adaboost-algorithm-samme',
  title: "AdaBoostClassifier(algorithm='SAMME') → the argument removed",
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.8' },
  deprecatedIn: '1.6',
  explanation:
    "scikit-learn 1.6 deprecated AdaBoostClassifier's algorithm parameter (SAMME became the only algorithm) and 1.8 removed it (\"unexpected keyword argument 'algorithm'\"). algorithm='SAMME' asked for what the classifier now always does, so the argument is dropped. algorithm='SAMME.R' (the old default) is left alone: SAMME gives other predictions.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /AdaBoostClassifier.*unexpected keyword argument 'algorithm'/ }],
    pattern: true,
  },
  needles: ['SAMME'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !calleeOf(call, parsed, ctx.imports, 'sklearn', ['AdaBoostClassifier'])) continue;
      const kw = keywordArgument(call, 'algorithm', parsed);
      if (kw && stringContent(kw.childForFieldName('value'), parsed) === 'SAMME') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});

const SCALERS = ['StandardScaler', 'MinMaxScaler', 'MaxAbsScaler', 'RobustScaler'];

/**
 * Is `name` bound to a scaler throughout the notebook: every assignment to it, in any code cell, is a call to a
 * scikit-learn scaler class (`sc_y = StandardScaler()`)? No assignment, or another one, is not certain.
 */
function boundToScaler(name: string, ctx: CellContext): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const assignment = new RegExp(`(^|[\\s;(,])${escaped}\\s*=(?!=)\\s*([^\\n]*)`, 'gm');
  let scaler = 0;
  for (const index of ctx.notebook.codeCells) {
    for (const match of ctx.notebook.source(index).matchAll(assignment)) {
      // `StandardScaler(…)` imported from sklearn, or `preprocessing.StandardScaler(…)` through an sklearn module
      const call = /^(?:([\w.]+)\.)?(\w+)\s*\(/.exec(match[2] ?? '');
      const [, prefix, called] = call ?? [];
      if (!called || !SCALERS.includes(called)) return false;
      const bound = prefix
        ? ctx.imports.bindings.get(prefix.split('.')[0] as string)
        : ctx.imports.bindings.get(called);
      if (!bound?.startsWith('sklearn')) return false;
      scaler++;
    }
  }
  return scaler > 0;
}

const scalerOneDimensional = defineRule({
  id: 'sklearn.scaler-one-dimensional',
  title: 'sc.fit_transform(y) with 1-D y → sc.fit_transform(np.reshape(y, (-1, 1))).ravel()',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'Until 0.19 the scalers (StandardScaler, MinMaxScaler, MaxAbsScaler, RobustScaler) read a 1-D array as one feature and returned a 1-D array (0.17 deprecated it: DEPRECATION_MSG_1D); 0.19 made it the error "Expected 2D array, got 1D array instead". Scaling a target vector, sc_y.fit_transform(y), is the common case: the column is reshaped to one feature and the result raveled back to 1-D, so the values and the shape are what the old code got (a 2-D (n, 1) result would broadcast against 1-D predictions later). Applied on the failing line, to fit and fit_transform of a name every assignment of which is a scaler; transform and inverse_transform are left to sklearn.one-dimensional-x.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ }] },
  errorScope: 'line',
  needles: ['fit'],
  apply(parsed, ctx) {
    const candidates: { call: Node; x: Node; name: string }[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (!ctx.inScope(call) || (name !== 'fit' && name !== 'fit_transform')) continue;
      const receiver = methodReceiver(call);
      const positional = positionalArguments(call);
      const x = positional[0];
      if (
        receiver?.type !== 'identifier' ||
        positional.length !== 1 ||
        positional.length !== callArgumentsOf(call).length ||
        !x
      )
        continue;
      if (!['identifier', 'attribute', 'subscript'].includes(x.type) || !boundToScaler(parsed.text(receiver), ctx))
        continue;
      candidates.push({ call, x, name });
    }
    // one scaler call on the line: that is the one the error is about
    if (candidates.length !== 1) return [];
    const { call, x, name } = candidates[0] as { call: Node; x: Node; name: string };
    const np = moduleReference(parsed, ctx, 'numpy', 'np');
    if (!np) return [];
    const edits: SourceEdit[] = [replaceNode(x, `${np.name}.reshape(${parsed.text(x)}, (-1, 1))`)];
    // fit returns the scaler; fit_transform's (n, 1) result becomes the 1-D array the old scaler returned
    if (name === 'fit_transform') edits.push(insertAt(call.endIndex, '.ravel()'));
    return [...edits, ...np.edits];
  },
});

/** Syntax that evaluates to a bool: its format with an int spec ('1') differs from str() ('True'). */
const BOOLEAN_SYNTAX = new Set(['comparison_operator', 'not_operator', 'boolean_operator', 'true', 'false']);
/** Literals whose format is already right: nothing to convert. */
const LITERALS = new Set(['string', 'concatenated_string', 'integer', 'float', 'none']);

/**
 * The format string with `!s` added to the replacement fields that get an argument through an explicit alignment
 * spec (`{:^25}` → `{!s:^25}`), or null when it cannot be read with certainty (nested fields, mixed numbering).
 */
function strConvertedFormat(content: string, call: Node, parsed: ParsedSource): string | null {
  const positional = positionalArguments(call);
  const keywords = new Map(
    callArgumentsOf(call)
      .filter((a) => a.type === 'keyword_argument')
      .map((a) => [parsed.text(a.childForFieldName('name') as Node), a.childForFieldName('value') as Node]),
  );
  let out = '';
  let auto = 0;
  let manual = false;
  let changed = false;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i] as string;
    if ((ch === '{' || ch === '}') && content[i + 1] === ch) {
      out += ch + ch;
      i++;
      continue;
    }
    if (ch === '}') return null;
    if (ch !== '{') {
      out += ch;
      continue;
    }
    const end = content.indexOf('}', i);
    const field = end < 0 ? null : content.slice(i + 1, end);
    if (field === null || field.includes('{')) return null;
    const match = /^([^!:]*)(![rsa])?(?::(.*))?$/s.exec(field);
    if (!match) return null;
    const [, name = '', conversion, spec] = match;
    let arg: Node | undefined;
    if (name === '') {
      if (manual) return null;
      arg = positional[auto++];
    } else if (/^\d+$/.test(name)) {
      manual = true;
      arg = positional[Number(name)];
    } else arg = /^\w+$/.test(name) ? keywords.get(name) : undefined;
    const convert =
      !conversion &&
      spec !== undefined &&
      /^.?[<>^]\d*$/s.test(spec) &&
      !!arg &&
      !BOOLEAN_SYNTAX.has(arg.type) &&
      !LITERALS.has(arg.type);
    out += convert ? `{${name}!s:${spec as string}}` : `{${field}}`;
    changed ||= convert;
    i = end;
  }
  return changed ? out : null;
}

const objectFormatSpec = defineRule({
  id: 'python.object-format-spec',
  title: "'{:^25}'.format(array) → '{!s:^25}'.format(array)",
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '3.4' },
  explanation:
    "Python 2's object.__format__ formatted str(obj) with the spec, so '{:^25}'.format(an_array) centred the printed array; Python 3.4 made object.__format__ raise TypeError for a non-empty spec (\"unsupported format string passed to numpy.ndarray.__format__\", and the same for lists, Series, None …). The !s conversion is that old rule spelled out: str() first, then the spec. Applied on the failing line to fields with an explicit alignment ({:^25}, {:<10}, {:>8}), where an int or float prints the same through str(); fields with a type, a precision or a width alone, literal arguments and arguments that are bool expressions (format(True, '^5') is '1', str is 'True') are left alone.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unsupported format string passed to [\w.]+\.__format__/ }] },
  errorScope: 'line',
  needles: ['.format('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'format' || hasSplat(call)) continue;
      const receiver = methodReceiver(call);
      const content = stringContent(receiver, parsed);
      if (!receiver || content === null) continue;
      const converted = strConvertedFormat(content, call, parsed);
      const edit = converted === null ? null : replaceStringContent(receiver, converted);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

const binarizeOneSample = defineRule({
  id: 'sklearn.binarize-one-sample',
  title: 'binarize(y_prob, threshold=0.3)[0] with 1-D y_prob → binarize(np.reshape(y_prob, (1, -1)), threshold=0.3)[0]',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.19', date: '2017-08-11' },
  deprecatedIn: '0.17',
  explanation:
    'Until 0.19 check_array ran a 1-D X through np.atleast_2d, so preprocessing.binarize(v, t) of a vector returned it as ONE sample, shape (1, n), and the code of the era took that row back with [0] (the usual way to threshold predicted probabilities); 0.19 made it the error "Expected 2D array, got 1D array instead". np.reshape(v, (1, -1)) is that one sample, and [0] then gives the same 1-D array as before. Only on the failing line, and only where the result is indexed with [0].',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Expected 2D array, got 1D array instead/ }] },
  errorScope: 'line',
  needles: ['binarize'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let np: ReturnType<typeof moduleReference> | undefined;
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !calleeOf(call, parsed, ctx.imports, 'sklearn', ['binarize'])) continue;
      const parent = call.parent;
      const index =
        parent?.type === 'subscript' && parent.childForFieldName('value')?.startIndex === call.startIndex
          ? parent.childrenForFieldName('subscript')
          : [];
      if (index.length !== 1 || parsed.text(index[0] as Node) !== '0') continue;
      const x = positionalArguments(call)[0];
      if (!x || !['identifier', 'attribute', 'subscript'].includes(x.type)) continue;
      np ??= moduleReference(parsed, ctx, 'numpy', 'np');
      if (!np) return [];
      edits.push(replaceNode(x, `${np.name}.reshape(${parsed.text(x)}, (1, -1))`));
    }
    return edits.length > 0 && np ? [...edits, ...np.edits] : edits;
  },
});

const MATPLOTLIB_FORMATS_MOVES: ModuleMove[] = ['IPython.display', 'IPython.core.display'].map((from) => ({
  from,
  names: { set_matplotlib_formats: { module: 'matplotlib_inline.backend_inline' } },
}));
const FORMATS_SHIM =
  'import IPython.display, matplotlib_inline.backend_inline; IPython.display.set_matplotlib_formats = matplotlib_inline.backend_inline.set_matplotlib_formats  # IPython moved it to matplotlib_inline';

/** Did the error happen inside a .py file the cell imports (its last frame is a file, not the cell)? */
function raisedInHelperModule(error: { traceback: string[] }): boolean {
  const frames = error.traceback
    .map((f) => f.replace(/\u001b\[[0-9;]*m/g, ''))
    .filter((f) => /File\s+\S+\.py|\.py:\d+/.test(f) || /Cell In\[|ipython-input/.test(f));
  const last = frames.at(-1) ?? '';
  return /\.py\b/.test(last) && !/Cell In\[|ipython-input/.test(last);
}

const matplotlibFormats = defineRule({
  id: 'ipython.set-matplotlib-formats',
  title:
    'from IPython.display import set_matplotlib_formats → from matplotlib_inline.backend_inline import set_matplotlib_formats',
  kind: 'error-repair',
  library: 'IPython',
  since: { package: 'ipython', version: '9.0' },
  deprecatedIn: '7.23',
  explanation:
    "IPython 7.23 deprecated IPython.display.set_matplotlib_formats (\"use matplotlib_inline.backend_inline.set_matplotlib_formats() instead\"; it only forwarded to that function) and IPython 9 removed it (\"cannot import name 'set_matplotlib_formats' from 'IPython.display'\"). The notebook's import is moved to matplotlib_inline; when the import is in a helper module the notebook imports (a preamble.py), the helper is left untouched and the cell first puts the function back where the helper looks for it.",
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name 'set_matplotlib_formats' from 'IPython\.(core\.)?display'/ },
    ],
  },
  apply(parsed, ctx) {
    // the shim assigns the old attribute on purpose: a cell that has it is done
    if (parsed.source.includes('IPython.display.set_matplotlib_formats =')) return [];
    const edits = MATPLOTLIB_FORMATS_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    if (edits.length > 0) return edits;
    return ctx.errors.some(raisedInHelperModule) ? [insertAtCellTop(parsed, FORMATS_SHIM)] : [];
  },
});

/**
 * The loss a RANSAC residual_metric lambda computed on the (n, 1) residuals: np.sum(np.abs(d), axis=1) is the
 * absolute error, np.sum(d ** 2, axis=1) (or np.square / np.power(d, 2)) the squared error; null for anything else.
 */
function residualMetricLoss(
  lambda: Node,
  parsed: ParsedSource,
  ctx: CellContext,
): 'absolute_error' | 'squared_error' | null {
  const params = lambda.childForFieldName('parameters')?.namedChildren ?? [];
  const body = lambda.childForFieldName('body');
  if (params.length !== 1 || params[0]?.type !== 'identifier' || body?.type !== 'call') return null;
  const np = ctx.imports.aliasFor('numpy');
  if (!np) return null;
  const p = parsed.text(params[0] as Node);
  const text = parsed.text(body).replace(/\s+/g, '');
  const sum = (inner: string): string => `${np}.sum(${inner},axis=1)`;
  if (text === sum(`${np}.abs(${p})`) || text === sum(`${np}.absolute(${p})`)) return 'absolute_error';
  if ([sum(`${p}**2`), sum(`${np}.square(${p})`), sum(`${np}.power(${p},2)`)].includes(text)) return 'squared_error';
  return null;
}

const ransacResidualMetric = defineRule({
  id: 'sklearn.ransac-residual-metric',
  title: 'RANSACRegressor(residual_metric=lambda x: np.sum(np.abs(x), axis=1)) → loss (the same residuals)',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '0.20', date: '2018-09-25' },
  deprecatedIn: '0.18',
  explanation:
    "RANSACRegressor's residual_metric was deprecated in 0.18 (\"Use loss instead\") and removed in 0.20. It was called on the residuals y_pred - y reshaped to (n, 1), so the metric of the era's examples, lambda x: np.sum(np.abs(x), axis=1), is the absolute error, which is loss='absolute_error', today's default (the argument is dropped), and np.sum(x ** 2, axis=1) is loss='squared_error'. Other metrics, or a loss given as well, are left alone.",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /RANSACRegressor.*unexpected keyword argument 'residual_metric'/ }],
    pattern: true,
  },
  needles: ['residual_metric'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !calleeOf(call, parsed, ctx.imports, 'sklearn', ['RANSACRegressor']) ||
        keywordArgument(call, 'loss', parsed)
      )
        continue;
      const kw = keywordArgument(call, 'residual_metric', parsed);
      const value = kw?.childForFieldName('value');
      const loss = kw && value?.type === 'lambda' ? residualMetricLoss(value, parsed, ctx) : null;
      if (!kw || !loss) continue;
      edits.push(loss === 'absolute_error' ? removeArgument(kw, call) : replaceNode(kw, "loss='squared_error'"));
    }
    return edits;
  },
});

export const MORE_REMOVAL_RULES: Rule[] = [
  scipyNumpyAliases,
  scorersDict,
  logisticL1Solver,
  spectralColormap,
  scatterEmptyColor,
  gridNormalize,
  adaboostSamme,
  scalerOneDimensional,
  binarizeOneSample,
  objectFormatSpec,
  matplotlibFormats,
  ransacResidualMetric,
];

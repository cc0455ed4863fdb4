// NumPy: aliases and functions removed between 1.14 and 2.0 (np.float & co in 1.24, asscalar in 1.23,
// histogram(normed) in 1.24, np.warnings in 1.24, the 2.0 namespace cleanup).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, packageVersion, type CellContext, type Rule } from '../rule';
import { compareVersions } from '../version';
import { replaceNode, type SourceEdit } from '../source-edit';
import { appendArguments, asPrimary, keywordArgument, positionalArguments, callArguments } from '../syntax';
import { insertAtCellTop, keywordRenameEdits, moduleReference } from './helpers';

/** Attribute nodes `<numpy alias>.<name>` for names in the table, with the name. */
function numpyAttributes(
  parsed: ParsedSource,
  ctx: CellContext,
  names: Record<string, string>,
): { node: Node; name: string }[] {
  const found: { node: Node; name: string }[] = [];
  for (const attr of parsed.nodes('attribute')) {
    if (!ctx.inScope(attr)) continue;
    let qualified = ctx.imports.resolve(attr, parsed);
    // the error names numpy: `np.` is numpy even where the notebook's import is not visible (a %run file)
    const object = attr.childForFieldName('object');
    if (!qualified && ctx.errors.length > 0 && object?.type === 'identifier' && parsed.text(object) === 'np')
      qualified = `numpy.${parsed.text(attr.childForFieldName('attribute') as Node)}`;
    if (!qualified?.startsWith('numpy.')) continue;
    const name = qualified.slice('numpy.'.length);
    if (name in names) found.push({ node: attr, name });
  }
  return found;
}

const BUILTIN_ALIASES: Record<string, string> = {
  float: 'float',
  int: 'int',
  bool: 'bool',
  object: 'object',
  str: 'str',
  long: 'int',
  unicode: 'str',
  complex: 'complex',
};

const builtinAliases = defineRule({
  id: 'numpy.builtin-type-aliases',
  title: 'np.float, np.int, np.bool, np.object, np.str … → Python builtins',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.20',
  explanation:
    'np.float, np.int, np.bool, np.object, np.str, np.long, np.unicode and np.complex were only aliases of the Python builtins; NumPy 1.20 deprecated them and 1.24 removed them. The builtin gives the same dtype (float64, int64, …).',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module 'numpy' has no attribute '(float|int|bool|object|str|long|unicode|complex)'/,
      },
    ],
    pattern: true,
  },
  // `.str.` is the pandas string accessor, `.float64` another name: only the bare aliases
  needles: [/\.(?:float|int|bool|object|long|unicode|complex)\b|\.str\b(?!\.)/],
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, BUILTIN_ALIASES).map(({ node, name }) =>
      replaceNode(node, BUILTIN_ALIASES[name] as string),
    );
  },
});

const asscalar = defineRule({
  id: 'numpy.asscalar',
  title: 'np.asscalar(a) → a.item()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.23', date: '2022-06-22' },
  deprecatedIn: '1.16',
  explanation: 'np.asscalar was removed in NumPy 1.23; ndarray.item() returns the same Python scalar.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'asscalar'/ }],
    pattern: true,
  },
  needles: ['asscalar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || ctx.imports.resolve(call.childForFieldName('function'), parsed) !== 'numpy.asscalar')
        continue;
      const args = positionalArguments(call);
      if (args.length !== 1 || callArguments(call).length !== 1) continue;
      edits.push(replaceNode(call, `${asPrimary(args[0] as Node, parsed)}.item()`));
    }
    return edits;
  },
});

const rank = defineRule({
  id: 'numpy.rank',
  title: 'np.rank(a) → np.ndim(a)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.18', date: '2019-12-22' },
  explanation: 'np.rank (the number of dimensions) was removed in NumPy 1.18; np.ndim is the same function.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'rank'/ }], pattern: true },
  needles: ['rank'],
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, { rank: 'ndim' }).flatMap(({ node }) => {
      const name = node.childForFieldName('attribute');
      return name ? [replaceNode(name, 'ndim')] : [];
    });
  },
});

const histogramNormed = defineRule({
  id: 'numpy.histogram-normed',
  title: 'np.histogram(normed=…) → density=…',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.6',
  explanation:
    "np.histogram's `normed` argument was removed in NumPy 1.24; `density` is its correct replacement (normed was documented as buggy for unequal bins).",
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /histogram\(\) got an unexpected keyword argument 'normed'/ }],
    pattern: true,
  },
  needles: ['normed'],
  apply(parsed, ctx) {
    return keywordRenameEdits(
      parsed,
      ctx,
      (call) => {
        const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
        return q === 'numpy.histogram' || q === 'numpy.histogram2d' || q === 'numpy.histogramdd';
      },
      { normed: 'density' },
    );
  },
});

const warningsAttribute = defineRule({
  id: 'numpy.warnings-module',
  title: 'np.warnings → warnings',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  explanation:
    'np.warnings was the standard library warnings module leaking into the numpy namespace; NumPy 1.24 removed it. The rule imports warnings and uses it directly.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'warnings'/ }],
    pattern: true,
  },
  needles: ['warnings'],
  apply(parsed, ctx) {
    const uses = numpyAttributes(parsed, ctx, { warnings: 'warnings' });
    if (uses.length === 0) return [];
    const edits: SourceEdit[] = uses.map(({ node }) => replaceNode(node, 'warnings'));
    if (ctx.imports.bindings.get('warnings') !== 'warnings') edits.push(insertAtCellTop(parsed, 'import warnings'));
    return edits;
  },
});

const printoptionsNan = defineRule({
  id: 'numpy.printoptions-threshold-nan',
  title: 'np.set_printoptions(threshold=np.nan) → threshold=sys.maxsize',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.14', date: '2018-01-06' },
  explanation:
    'NumPy 1.14 rejects a NaN threshold ("threshold must be non-NAN"); sys.maxsize prints whole arrays, as NaN used to.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /threshold must be non-NAN/ }], pattern: true },
  needles: ['threshold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        ctx.imports.resolve(call.childForFieldName('function'), parsed) !== 'numpy.set_printoptions'
      )
        continue;
      const value = keywordArgument(call, 'threshold', parsed)?.childForFieldName('value');
      const q = value ? ctx.imports.resolve(value, parsed) : null;
      if (value && q && /^numpy\.(nan|NaN|NAN|inf|Inf)$/.test(q)) edits.push(replaceNode(value, 'sys.maxsize'));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('sys') !== 'sys')
      edits.push(insertAtCellTop(parsed, 'import sys'));
    return edits;
  },
});

const NUMPY2_ALIASES: Record<string, string> = {
  float_: 'float64',
  complex_: 'complex128',
  NaN: 'nan',
  NAN: 'nan',
  Inf: 'inf',
  Infinity: 'inf',
  PINF: 'inf',
  infty: 'inf',
  product: 'prod',
  cumproduct: 'cumprod',
  sometrue: 'any',
  alltrue: 'all',
  round_: 'round',
  unicode_: 'str_',
  string_: 'bytes_',
  row_stack: 'vstack',
  mat: 'asmatrix',
  float128: 'longdouble',
  bool8: 'bool_',
  int0: 'intp',
  uint0: 'uintp',
  object0: 'object_',
  str0: 'str_',
  bytes0: 'bytes_',
  void0: 'void',
  longfloat: 'longdouble',
  singlecomplex: 'complex64',
  cfloat: 'complex128',
  longcomplex: 'clongdouble',
  clongfloat: 'clongdouble',
  float96: 'longdouble',
};

const numpy2Aliases = defineRule({
  id: 'numpy.2-removed-aliases',
  title: 'NumPy 2.0 removed aliases (np.NaN, np.Inf, np.float_, np.product …)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.0', date: '2024-06-16' },
  explanation:
    'NumPy 2.0 removed duplicate names from its namespace: np.NaN/np.NAN → np.nan, np.Inf/np.PINF/np.infty → np.inf, np.float_ → np.float64, np.complex_ → np.complex128, np.product → np.prod, np.cumproduct → np.cumprod, np.sometrue → np.any, np.alltrue → np.all, np.round_ → np.round, np.unicode_ → np.str_, np.string_ → np.bytes_, np.row_stack → np.vstack, and the sized aliases np.bool8 → np.bool_, np.int0 → np.intp, np.cfloat → np.complex128 ….',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /`np\.\w+` was removed in the NumPy 2\.0 release|module 'numpy' has no attribute '(float_|complex_|NaN|NAN|Inf|Infinity|PINF|infty|product|cumproduct|sometrue|alltrue|round_|unicode_|string_|row_stack|mat|bool8|int0|uint0|object0|str0|bytes0|void0|longfloat|singlecomplex|cfloat|longcomplex|clongfloat)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(NUMPY2_ALIASES),
  apply(parsed, ctx) {
    return numpyAttributes(parsed, ctx, NUMPY2_ALIASES).flatMap(({ node, name }) => {
      const nameNode = node.childForFieldName('attribute');
      return nameNode ? [replaceNode(nameNode, NUMPY2_ALIASES[name] as string)] : [];
    });
  },
});

const raggedArrays = defineRule({
  id: 'numpy.ragged-array-dtype',
  title: 'np.array(ragged lists) → np.array(…, dtype=object)',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  deprecatedIn: '1.19',
  explanation:
    'Older NumPy built an object array from nested sequences of different lengths (with a warning since 1.19); 1.24 raises instead. dtype=object asks for that same object array. Applied to the array calls on the failing line.',
  trigger: {
    errors: [
      {
        ename: 'ValueError',
        evalue: /setting an array element with a sequence\. The requested array has an inhomogeneous shape/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['array('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (
        (q !== 'numpy.array' && q !== 'numpy.asarray') ||
        keywordArgument(call, 'dtype', parsed) ||
        positionalArguments(call).length !== 1
      )
        continue;
      const edit = appendArguments(call, ['dtype=object'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

interface RemovedFunction {
  since: string;
  /** the replacement call for `np.<name>(args)`, from the numpy alias and the argument texts; null: leave it */
  rewrite(np: string, args: string[], firstNode: Node): string | null;
  /** module the replacement needs imported */
  needs?: string;
  /** the replacement names numpy (np.sort): the rule needs a name bound to numpy in the cell */
  usesNumpy?: boolean;
}

const REMOVED_FUNCTIONS: Record<string, RemovedFunction> = {
  alen: { since: '1.23', rewrite: (_np, args) => (args.length === 1 ? `len(${args[0] as string})` : null) },
  loads: { since: '1.22', rewrite: (_np, args) => `pickle.loads(${args.join(', ')})`, needs: 'pickle' },
  msort: {
    since: '2.0',
    rewrite: (np, args) => (args.length === 1 ? `${np}.sort(${args[0] as string}, axis=0)` : null),
    usesNumpy: true,
  },
  asfarray: {
    since: '2.0',
    rewrite: (np, args) => (args.length === 1 ? `${np}.asarray(${args[0] as string}, dtype=${np}.float64)` : null),
    usesNumpy: true,
  },
};

const removedFunctions = defineRule({
  id: 'numpy.removed-functions',
  title:
    'np.alen(a) → len(a), np.loads → pickle.loads, np.msort(a) → np.sort(a, axis=0), np.asfarray, np.typeDict, np.math',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.21', date: '2021-06-22' },
  explanation:
    'Functions and aliases NumPy removed, each with an exact replacement: np.typeDict → np.sctypeDict (1.21), np.loads → pickle.loads (1.22), np.alen(a) → len(a) (1.23), np.msort(a) → np.sort(a, axis=0), np.asfarray(a) → np.asarray(a, dtype=np.float64) and np.math → the standard math module (2.0).',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module 'numpy' has no attribute '(alen|loads|msort|asfarray|typeDict|math)'/,
      },
    ],
    pattern: true,
  },
  needles: ['alen', 'loads', 'msort', 'asfarray', 'typeDict', '.math.'],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, 'numpy');
    const removed = (since: string): boolean =>
      !installed || compareVersions(installed, since) >= 0 || ctx.errors.length > 0;
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    // np.sort / np.asarray need a name for numpy even where the call came in through `from numpy import msort`
    let np: ReturnType<typeof moduleReference> | undefined;
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      const spec = q?.startsWith('numpy.') ? REMOVED_FUNCTIONS[q.slice('numpy.'.length)] : undefined;
      if (!spec || !removed(spec.since) || callArguments(call).length !== positionalArguments(call).length) continue;
      const args = positionalArguments(call);
      const usesNumpy = spec.usesNumpy === true;
      if (usesNumpy && np === undefined) np = moduleReference(parsed, ctx, 'numpy', 'np');
      if (usesNumpy && !np) continue;
      const text = spec.rewrite(
        np?.name ?? 'np',
        args.map((a) => parsed.text(a)),
        args[0] as Node,
      );
      if (!text) continue;
      edits.push(replaceNode(call, text));
      if (spec.needs && ctx.imports.bindings.get(spec.needs) !== spec.needs) needs.add(spec.needs);
    }
    for (const { node, name } of numpyAttributes(parsed, ctx, { typeDict: 'sctypeDict', math: 'math' })) {
      if (name === 'typeDict' && removed('1.21'))
        edits.push(replaceNode(node.childForFieldName('attribute') as Node, 'sctypeDict'));
      if (name === 'math' && removed('2.0')) {
        edits.push(replaceNode(node, 'math'));
        if (ctx.imports.bindings.get('math') !== 'math') needs.add('math');
      }
    }
    if (needs.size > 0)
      edits.push(
        insertAtCellTop(
          parsed,
          [...needs]
            .sort()
            .map((m) => `import ${m}`)
            .join('\n'),
        ),
      );
    if (np) edits.push(...np.edits);
    return edits;
  },
});

/** The `for` statement or comprehension around `node` whose loop variable `name` iterates a numpy.arange(…) call, if any. */
function arangeLoopOver(node: Node, name: string, parsed: ParsedSource, ctx: CellContext): Node | null {
  for (let scope: Node | null = node.parent; scope; scope = scope.parent) {
    const clauses =
      scope.type === 'for_statement'
        ? [scope]
        : ['list_comprehension', 'generator_expression', 'set_comprehension', 'dictionary_comprehension'].includes(
              scope.type,
            )
          ? scope.namedChildren.filter((c) => c.type === 'for_in_clause')
          : [];
    for (const clause of clauses) {
      const left = clause.childForFieldName('left');
      if (!left || left.type !== 'identifier' || parsed.text(left) !== name) continue;
      const right = clause.childForFieldName('right');
      if (right?.type !== 'call') return null;
      const fn = right.childForFieldName('function');
      const q = ctx.imports.resolve(fn, parsed) ?? (fn && /^np\.arange$/.test(parsed.text(fn)) ? 'numpy.arange' : null);
      return q === 'numpy.arange' ? scope : null;
    }
    // a function boundary: the name is the function's own
    if (scope.type === 'function_definition' || scope.type === 'lambda') return null;
  }
  return null;
}

/** `<integer literal> ** <identifier>`: the base and exponent, else null. */
function integerPower(op: Node, parsed: ParsedSource): { base: Node; exponent: string } | null {
  if (op.childForFieldName('operator')?.type !== '**') return null;
  const base = op.childForFieldName('left');
  const exponent = op.childForFieldName('right');
  if (base?.type !== 'integer' || !/^[0-9]+$/.test(parsed.text(base)) || exponent?.type !== 'identifier') return null;
  return { base, exponent: parsed.text(exponent) };
}

const integerNegativePower = defineRule({
  id: 'numpy.integer-negative-power',
  title: '10 ** c with c from np.arange(-5, 5) → 10.0 ** c',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.12', date: '2017-01-15' },
  explanation:
    'NumPy 1.12 made integers to negative integer powers an error ("Integers to negative integer powers are not allowed."). Before it, a NumPy integer scalar to a negative power was computed in floating point (np.int64(10)**-5 gave 1e-05, as Python\'s 10**-5 does), which is how the regularization sweeps `for c in np.arange(-5, 5): C=10**c` of the era ran. The base literal becomes a float (10.0**c), which computes those values. Applied where the error points, for an integer literal base and an exponent that is the loop variable over np.arange(…) (a scalar), and to the other integer powers of that loop variable in the loop (they fail the same way on the next run); arrays to negative powers gave 0 and are left alone.',
  trigger: { errors: [{ ename: 'ValueError', evalue: /Integers to negative integer powers are not allowed/ }] },
  errorScope: 'line',
  needles: ['**'],
  apply(parsed, ctx) {
    const bases = new Map<number, Node>();
    for (const op of parsed.nodes('binary_operator')) {
      const power = ctx.inScope(op) ? integerPower(op, parsed) : null;
      const loop = power ? arangeLoopOver(op, power.exponent, parsed, ctx) : null;
      if (!power || !loop) continue;
      // the loop's other integer powers of the variable fail the same way on the next run: all of them at once
      for (const other of loop.descendantsOfType('binary_operator')) {
        const same = other ? integerPower(other, parsed) : null;
        if (
          same &&
          same.exponent === power.exponent &&
          arangeLoopOver(other as Node, same.exponent, parsed, ctx)?.startIndex === loop.startIndex
        )
          bases.set(same.base.startIndex, same.base);
      }
    }
    return [...bases.values()].map((base) => replaceNode(base, `${parsed.text(base)}.0`));
  },
});

export const NUMPY_RULES: Rule[] = [
  builtinAliases,
  asscalar,
  rank,
  histogramNormed,
  warningsAttribute,
  printoptionsNan,
  numpy2Aliases,
  raggedArrays,
  removedFunctions,
  integerNegativePower,
];

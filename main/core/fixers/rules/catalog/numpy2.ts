// NumPy 2.0's namespace cleanup, rule by rule from its migration guide (doc/source/numpy_2_0_migration_guide.rst,
// "Main namespace", "numpy.lib namespace", "ndarray and scalar methods", "Adapting to changes in the copy
// keyword") and the member list of ruff's NPY201 check. catalog/numpy.ts has the pure renames (np.NaN, np.float_,
// np.product …); this file has the members that move to a submodule, become an expression or a call of another
// shape, the emptied np.lib, np.compat, the removed ndarray methods and np.array(copy=False). Every rule is also
// pattern-triggered: a removed member inside a function the notebook has not called yet fails later, so it is
// fixed before it runs. Code in an `except` clause is left alone: it is the fallback of a try that already uses
// the new name (the compatibility idiom ruff also exempts). Members the guide gives no equivalent for
// (np.sctypes, np.maximum_sctype, np.who, np.deprecate, np.set_string_function, np.lookfor) are left for a person.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type Rule } from '../rule';
import { replaceNode, type SourceEdit } from '../source-edit';
import { asPrimary, callArguments, keywordArgument, keywordName, positionalArguments } from '../syntax';
import { insertAtCellTop, moduleMoveEdits, moduleReference, type ModuleMove } from './helpers';

const NUMPY2 = { package: 'numpy', version: '2.0', date: '2024-06-16' };
const GUIDE = 'NumPy 2.0 migration guide';

/**
 * Is the node in the body of an `except AttributeError` / `except ImportError` clause: the fallback of a try that
 * already uses the new name, kept for older numpy? (`except np.AxisError:` itself is no fallback.)
 */
function inExceptClause(node: Node, parsed: ParsedSource): boolean {
  for (let child: Node = node, p = node.parent; p; child = p, p = p.parent) {
    if (p.type !== 'except_clause' || child.type !== 'block') continue;
    if (
      /AttributeError|ImportError|ModuleNotFoundError/.test(
        p.namedChildren
          .filter((c) => c.type !== 'block')
          .map((c) => parsed.text(c))
          .join(' '),
      )
    )
      return true;
  }
  return false;
}

/** `numpy.<name>` attribute uses in the cell, by the notebook's imports (or `np.` when the error names numpy). */
function numpyMembers(
  parsed: ParsedSource,
  ctx: CellContext,
  names: ReadonlySet<string>,
  prefix = 'numpy.',
): { node: Node; name: string }[] {
  const found: { node: Node; name: string }[] = [];
  for (const attr of parsed.nodes('attribute')) {
    if (!ctx.inScope(attr) || inExceptClause(attr, parsed)) continue;
    const nameNode = attr.childForFieldName('attribute');
    if (!nameNode || !names.has(parsed.text(nameNode))) continue;
    let qualified = ctx.imports.resolve(attr, parsed);
    const object = attr.childForFieldName('object');
    if (
      !qualified &&
      ctx.errors.length > 0 &&
      object?.type === 'identifier' &&
      parsed.text(object) === 'np' &&
      prefix === 'numpy.'
    )
      qualified = `numpy.${parsed.text(nameNode)}`;
    if (qualified === `${prefix}${parsed.text(nameNode)}`) found.push({ node: attr, name: parsed.text(nameNode) });
  }
  return found;
}

/** Members that live on under another name or module (the guide's "It's still available as …", "Use np.x"). */
const MOVES: Record<string, { module?: string; name?: string }> = {
  issubsctype: { name: 'issubdtype' },
  trapz: { name: 'trapezoid' },
  byte_bounds: { module: 'numpy.lib.array_utils' },
  DataSource: { module: 'numpy.lib.npyio' },
  add_newdoc: { module: 'numpy.lib' },
  add_docstring: { module: 'numpy.lib' },
  tracemalloc_domain: { module: 'numpy.lib' },
  format_parser: { module: 'numpy.rec' },
  compare_chararrays: { module: 'numpy.char' },
  AxisError: { module: 'numpy.exceptions' },
  ComplexWarning: { module: 'numpy.exceptions' },
  VisibleDeprecationWarning: { module: 'numpy.exceptions' },
  RankWarning: { module: 'numpy.exceptions' },
  TooHardError: { module: 'numpy.exceptions' },
  ModuleDeprecationWarning: { module: 'numpy.exceptions' },
  DTypePromotionError: { module: 'numpy.exceptions' },
};
const MOVE: ModuleMove = { from: 'numpy', names: MOVES };

const movedMembers = defineRule({
  id: 'numpy2.moved-members',
  title:
    'np.AxisError, np.ComplexWarning … → np.exceptions; np.byte_bounds, np.DataSource, np.format_parser … → their submodules; np.trapz → np.trapezoid',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed these members from the main namespace; the ${GUIDE} ("Main namespace") names where each lives now: the warning and error classes (AxisError, ComplexWarning, VisibleDeprecationWarning, RankWarning, TooHardError, ModuleDeprecationWarning, DTypePromotionError) in np.exceptions, byte_bounds in np.lib.array_utils, DataSource in np.lib.npyio, add_newdoc/add_docstring/tracemalloc_domain in np.lib, format_parser in np.rec, compare_chararrays in np.char; issubsctype is np.issubdtype and trapz is np.trapezoid (deprecated in 2.0, removed in 2.4). Same objects; imports keep the notebook's names.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: new RegExp(
          `module 'numpy' has no attribute '(${Object.keys(MOVES).join('|')})'|\`np\\.(${Object.keys(MOVES).join('|')})\` was removed`,
        ),
      },
      {
        ename: 'ImportError',
        evalue: new RegExp(`cannot import name '(${Object.keys(MOVES).join('|')})' from 'numpy'`),
      },
    ],
    pattern: true,
  },
  needles: Object.keys(MOVES),
  apply(parsed, ctx) {
    return moduleMoveEdits(parsed, ctx, MOVE).filter((edit) => !inExceptAt(parsed, edit.start));
  },
});

function inExceptAt(parsed: ParsedSource, offset: number): boolean {
  const node = parsed.root.descendantForIndex(offset);
  return node ? inExceptClause(node, parsed) : false;
}

/** Is an expression in this position safe without parentheses (`-np.inf` as an argument, not `1 - -np.inf`)? */
function standsAlone(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if (
    [
      'argument_list',
      'list',
      'tuple',
      'expression_list',
      'return_statement',
      'parenthesized_expression',
      'expression_statement',
      'set',
    ].includes(parent.type)
  )
    return true;
  if (parent.type === 'keyword_argument' || parent.type === 'pair')
    return parent.childForFieldName('value')?.startIndex === node.startIndex;
  if (parent.type === 'assignment') return parent.childForFieldName('right')?.startIndex === node.startIndex;
  return false;
}

/** Members whose replacement is an expression: the text for a numpy name `np`. */
const EXPRESSIONS: Record<
  string,
  { text: (np: string) => string; needs?: string; usesNumpy?: boolean; unary?: boolean }
> = {
  NINF: { text: (np) => `-${np}.inf`, usesNumpy: true, unary: true },
  PZERO: { text: () => '0.0' },
  NZERO: { text: () => '-0.0', unary: true },
  issubclass_: { text: () => 'issubclass' },
  safe_eval: { text: () => 'ast.literal_eval', needs: 'ast' },
};

/** Calls whose replacement has another shape; null leaves the call alone. */
interface CallRewrite {
  rewrite(np: string, args: Node[], call: Node, parsed: ParsedSource): string | null;
  needs?: string;
}

const plainArgs = (args: Node[], parsed: ParsedSource): string => args.map((a) => parsed.text(a)).join(', ');
const SIMPLE = new Set(['identifier', 'attribute']);

const CALLS: Record<string, CallRewrite> = {
  // "np.in1d(ar1, ar2) is equivalent to np.isin(ar1, ar2).ravel()" (in1d flattened its result; isin keeps the shape)
  in1d: {
    rewrite: (np, _a, call, parsed) => `${np}.isin${parsed.text(call.childForFieldName('arguments') as Node)}.ravel()`,
  },
  // disp(mesg) printed mesg and a newline to stdout
  disp: {
    rewrite: (_np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1 ? `print(${parsed.text(args[0] as Node)})` : null,
  },
  fastCopyAndTranspose: {
    rewrite: (np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1
        ? `${np}.transpose(${parsed.text(args[0] as Node)}).copy()`
        : null,
  },
  obj2sctype: {
    rewrite: (np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1
        ? `${np}.dtype(${parsed.text(args[0] as Node)}).type`
        : null,
  },
  sctype2char: {
    rewrite: (np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1
        ? `${np}.dtype(${parsed.text(args[0] as Node)}).char`
        : null,
  },
  issctype: {
    rewrite: (np, args, call, parsed) => {
      const rep = args[0];
      if (args.length !== 1 || callArguments(call).length !== 1 || !rep || !SIMPLE.has(rep.type)) return null;
      return `(isinstance(${parsed.text(rep)}, type) and issubclass(${parsed.text(rep)}, ${np}.generic))`;
    },
  },
  // find_common_type(array_types, []) is the promotion of the array types: np.result_type(*array_types)
  find_common_type: {
    rewrite: (np, args, call, parsed) => {
      const [types, scalars] = args;
      if (args.length !== 2 || callArguments(call).length !== 2 || !types || !scalars) return null;
      if (
        !['list', 'tuple'].includes(types.type) ||
        !['list', 'tuple'].includes(scalars.type) ||
        scalars.namedChildCount > 0 ||
        types.namedChildCount === 0
      )
        return null;
      return `${np}.result_type(${plainArgs(types.namedChildren, parsed)})`;
    },
  },
  // recfromcsv/recfromtxt were genfromtxt with these defaults (the caller's keywords win), viewed as a recarray
  recfromcsv: {
    rewrite: (np, args, call, parsed) =>
      genfromtxtCall(np, args, call, parsed, {
        delimiter: "','",
        names: 'True',
        case_sensitive: "'lower'",
        dtype: 'None',
      }),
  },
  recfromtxt: { rewrite: (np, args, call, parsed) => genfromtxtCall(np, args, call, parsed, { dtype: 'None' }) },
  // np.source(obj) printed the source
  source: {
    rewrite: (_np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1 && call.parent?.type === 'expression_statement'
        ? `print(inspect.getsource(${parsed.text(args[0] as Node)}))`
        : null,
    needs: 'inspect',
  },
};

function genfromtxtCall(
  np: string,
  args: Node[],
  call: Node,
  parsed: ParsedSource,
  defaults: Record<string, string>,
): string | null {
  const all = callArguments(call);
  if (args.length !== 1 || all.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return null;
  if (keywordArgument(call, 'usemask', parsed)) return null;
  const given = new Set(all.filter((a) => a.type === 'keyword_argument').map((a) => keywordName(a, parsed)));
  const extra = Object.entries(defaults)
    .filter(([k]) => !given.has(k))
    .map(([k, v]) => `${k}=${v}`);
  return `${np}.genfromtxt(${[...all.map((a) => parsed.text(a)), ...extra].join(', ')}).view(${np}.recarray)`;
}

const EXPRESSION_NAMES = new Set(Object.keys(EXPRESSIONS));
const CALL_NAMES = new Set(Object.keys(CALLS));

const reshapedMembers = defineRule({
  id: 'numpy2.removed-members',
  title:
    'np.NINF → -np.inf, np.PZERO/NZERO, np.issubclass_, np.safe_eval, np.in1d → np.isin(…).ravel(), np.cast[t](x), np.nbytes[t], np.recfromcsv, np.obj2sctype …',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed these members (${GUIDE}, "Main namespace"); each replacement computes the same value: np.NINF → -np.inf, np.PZERO → 0.0, np.NZERO → -0.0, np.issubclass_ → issubclass, np.safe_eval → ast.literal_eval, np.in1d(a, b) → np.isin(a, b).ravel() (in1d flattened), np.cast[t](x) → np.asarray(x).astype(t) (cast copied), np.nbytes[t] → np.dtype(t).itemsize, np.obj2sctype(x) → np.dtype(x).type, np.sctype2char(x) → np.dtype(x).char, np.issctype(t) → isinstance(t, type) and issubclass(t, np.generic), np.find_common_type(types, []) → np.result_type(*types), np.fastCopyAndTranspose(a) → np.transpose(a).copy(), np.disp(x) → print(x), np.source(f) → print(inspect.getsource(f)), np.recfromcsv/recfromtxt(f) → np.genfromtxt(f, <their defaults>).view(np.recarray). Members the guide gives no equivalent for (np.sctypes, np.maximum_sctype, np.who, np.deprecate, np.set_string_function) are left alone.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module 'numpy' has no attribute '(NINF|PZERO|NZERO|issubclass_|safe_eval|in1d|cast|nbytes|disp|fastCopyAndTranspose|obj2sctype|sctype2char|issctype|find_common_type|recfromcsv|recfromtxt|source)'|`np\.(NINF|PZERO|NZERO|issubclass_|safe_eval|cast|nbytes|fastCopyAndTranspose|obj2sctype|sctype2char|issctype|find_common_type|recfromcsv|recfromtxt|source)` was removed/,
      },
    ],
    pattern: true,
  },
  needles: [...EXPRESSION_NAMES, ...CALL_NAMES, 'cast[', 'nbytes['],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    let np: ReturnType<typeof moduleReference> | undefined;
    const numpyName = (): string | null => {
      if (np === undefined) np = moduleReference(parsed, ctx, 'numpy', 'np');
      return np?.name ?? null;
    };
    const names = new Set([...EXPRESSION_NAMES, ...CALL_NAMES, 'cast', 'nbytes']);
    for (const { node, name } of numpyMembers(parsed, ctx, names)) {
      const parent = node.parent;
      if (name in EXPRESSIONS) {
        const spec = EXPRESSIONS[name] as (typeof EXPRESSIONS)[string];
        const npName = spec.usesNumpy ? numpyName() : 'np';
        if (!npName) continue;
        const text = spec.text(npName);
        edits.push(replaceNode(node, spec.unary && !standsAlone(node) ? `(${text})` : text));
        if (spec.needs && ctx.imports.bindings.get(spec.needs) !== spec.needs) needs.add(spec.needs);
      } else if (name === 'cast' || name === 'nbytes') {
        // np.cast[t](x) and np.nbytes[t]
        if (parent?.type !== 'subscript' || parent.childForFieldName('value')?.startIndex !== node.startIndex) continue;
        const key = parent.childForFieldName('subscript');
        const npName = numpyName();
        if (!key || !npName) continue;
        if (name === 'nbytes') edits.push(replaceNode(parent, `${npName}.dtype(${parsed.text(key)}).itemsize`));
        else {
          const call = parent.parent;
          if (call?.type !== 'call' || call.childForFieldName('function')?.startIndex !== parent.startIndex) continue;
          const args = positionalArguments(call);
          if (args.length !== 1 || callArguments(call).length !== 1) continue;
          edits.push(
            replaceNode(call, `${npName}.asarray(${parsed.text(args[0] as Node)}).astype(${parsed.text(key)})`),
          );
        }
      } else {
        const call = parent;
        if (call?.type !== 'call' || call.childForFieldName('function')?.startIndex !== node.startIndex) continue;
        const spec = CALLS[name] as CallRewrite;
        const npName = numpyName();
        if (!npName) continue;
        const text = spec.rewrite(npName, positionalArguments(call), call, parsed);
        if (!text) continue;
        edits.push(replaceNode(call, text));
        if (spec.needs && ctx.imports.bindings.get(spec.needs) !== spec.needs) needs.add(spec.needs);
      }
    }
    if (edits.length === 0) return [];
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

/** What np.lib keeps in NumPy 2.0 (the guide's list); everything else is in the main namespace or gone. */
const LIB_KEPT = new Set([
  'array_utils',
  'format',
  'introspect',
  'mixins',
  'npyio',
  'scimath',
  'stride_tricks',
  'Arrayterator',
  'NumpyVersion',
  'add_docstring',
  'add_newdoc',
  'tracemalloc_domain',
  'recfunctions',
  'user_array',
  'emath',
]);
/** np.lib submodules NumPy 2.0 made private ("numpy.lib.function_base is now private"); their functions are np.<name>. */
const LIB_PRIVATE = [
  'arraypad',
  'arraysetops',
  'arrayterator',
  'function_base',
  'histograms',
  'index_tricks',
  'nanfunctions',
  'polynomial',
  'shape_base',
  'twodim_base',
  'type_check',
  'ufunclike',
  'utils',
];

const libNamespace = defineRule({
  id: 'numpy2.lib-namespace',
  title: 'np.lib.pad, np.lib.function_base.median, from numpy.lib.shape_base import … → the main numpy namespace',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 emptied np.lib (${GUIDE}, "numpy.lib namespace"): it keeps only array_utils, format, introspect, mixins, npyio, scimath, stride_tricks, Arrayterator, NumpyVersion, add_docstring, add_newdoc and tracemalloc_domain, and its submodules function_base, shape_base, arraysetops, index_tricks, type_check … became private. Their public functions are the main namespace's ("If you get an AttributeError when accessing an attribute from np.lib you should try accessing it from the main np namespace"): np.lib.pad → np.pad, np.lib.function_base.median → np.median, \`from numpy.lib.shape_base import expand_dims\` → \`from numpy import expand_dims\`. Private names (a leading underscore) are left alone.`,
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'numpy\.lib' has no attribute '\w+'|numpy\.lib\.\w+ is now private/ },
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(`No module named 'numpy\\.lib\\.(${LIB_PRIVATE.join('|')})'`),
      },
      { ename: 'ImportError', evalue: /cannot import name '\w+' from 'numpy\.lib'/ },
    ],
    pattern: true,
  },
  needles: ['lib.', 'numpy.lib'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr) || inExceptClause(attr, parsed) || attr.parent?.type === 'dotted_name') continue;
      const qualified = ctx.imports.resolve(attr, parsed);
      const m = qualified ? /^numpy\.lib\.(\w+)(?:\.(\w+))?$/.exec(qualified) : null;
      if (!m) continue;
      const [, first, second] = m as unknown as [string, string, string | undefined];
      // the longest chain only: np.lib.function_base.median, not its np.lib.function_base part
      if (
        attr.parent?.type === 'attribute' &&
        attr.parent.childForFieldName('object')?.startIndex === attr.startIndex &&
        !second
      ) {
        if (LIB_PRIVATE.includes(first)) continue;
      }
      const name =
        second && LIB_PRIVATE.includes(first)
          ? second
          : !second && !LIB_KEPT.has(first) && !LIB_PRIVATE.includes(first)
            ? first
            : null;
      if (!name || name.startsWith('_')) continue;
      const lib = second
        ? attr.childForFieldName('object')?.childForFieldName('object')
        : attr.childForFieldName('object');
      const head = lib?.childForFieldName('object');
      if (!head) continue;
      edits.push(replaceNode(attr, `${parsed.text(head)}.${name}`));
    }
    for (const statement of parsed.nodes('import_from_statement')) {
      if (!ctx.inScope(statement) || inExceptClause(statement, parsed)) continue;
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode) continue;
      const module = parsed.text(moduleNode).replace(/\s+/g, '');
      const items = statement.childrenForFieldName('name');
      const itemNames = items.map((item) =>
        parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item),
      );
      if (items.length === 0 || itemNames.some((n) => n.startsWith('_'))) continue;
      const sub = /^numpy\.lib\.(\w+)$/.exec(module)?.[1];
      if (sub && LIB_PRIVATE.includes(sub)) edits.push(replaceNode(moduleNode, 'numpy'));
      else if (module === 'numpy.lib' && itemNames.every((n) => !LIB_KEPT.has(n) && !LIB_PRIVATE.includes(n)))
        edits.push(replaceNode(moduleNode, 'numpy'));
    }
    return edits;
  },
});

const copyFalse = defineRule({
  id: 'numpy2.array-copy-false',
  title: 'np.array(x, copy=False) → np.asarray(x)',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 changed the meaning of np.array(…, copy=False) from "copy only if needed" to "never copy", raising ValueError where a copy is needed (${GUIDE}, "Adapting to changes in the copy keyword"). Its NumPy 1 meaning is np.asarray(x), as the guide and numpy's error message say; dtype and order carry over.`,
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Unable to avoid copy while creating an array as requested/ }],
    pattern: true,
  },
  needles: ['copy=False', 'copy = False'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || inExceptClause(call, parsed)) continue;
      const fn = call.childForFieldName('function');
      if (ctx.imports.resolve(fn, parsed) !== 'numpy.array' || fn?.type !== 'attribute') continue;
      const copy = keywordArgument(call, 'copy', parsed);
      if (!copy || parsed.text(copy.childForFieldName('value') as Node) !== 'False') continue;
      const all = callArguments(call);
      const positional = positionalArguments(call);
      const keywords = all.filter((a) => a.type === 'keyword_argument');
      if (positional.length < 1 || positional.length > 2 || keywords.length + positional.length !== all.length)
        continue;
      if (!keywords.every((k) => ['copy', 'dtype', 'order'].includes(keywordName(k, parsed)))) continue;
      const kept = all.filter((a) => a.startIndex !== copy.startIndex).map((a) => parsed.text(a));
      edits.push(
        replaceNode(fn.childForFieldName('attribute') as Node, 'asarray'),
        replaceNode(call.childForFieldName('arguments') as Node, `(${kept.join(', ')})`),
      );
    }
    return edits;
  },
});

const tostring = defineRule({
  id: 'numpy2.tostring',
  title: 'a.tostring() → a.tobytes()',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.3', date: '2025-06-07' },
  deprecatedIn: '1.19',
  explanation:
    'ndarray.tostring(), deprecated in NumPy 1.19 for tobytes() (same bytes, same order argument), was removed in NumPy 2.3; array.array.tostring() went the same way in Python 3.9, so the rename holds for both.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'tostring'/ }], pattern: true },
  needles: ['.tostring('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      const attr = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
      if (!attr || parsed.text(attr) !== 'tostring' || !ctx.inScope(call) || inExceptClause(call, parsed)) continue;
      if (callArguments(call).some((a) => a.type === 'keyword_argument' && keywordName(a, parsed) !== 'order'))
        continue;
      edits.push(replaceNode(attr, 'tobytes'));
    }
    return edits;
  },
});

const ndarrayMethods = defineRule({
  id: 'numpy2.ndarray-methods',
  title: 'a.ptp() → np.ptp(a), a.itemset(i, v) → a.flat[i] = v, a.newbyteorder(o) → a.view(a.dtype.newbyteorder(o))',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed three ndarray methods (${GUIDE}, "ndarray and scalar methods"): a.ptp(…) is np.ptp(a, …); a.itemset(i, v) is a.flat[i] = v for one (flat) index and a[i, j] = v for several; a.newbyteorder(o) is a.view(a.dtype.newbyteorder(o)). Other objects have methods of these names, so the rule edits only the line the error points at.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /'numpy\.(ndarray|\w+)' object has no attribute '(ptp|itemset|newbyteorder)'/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['.ptp(', '.itemset(', '.newbyteorder('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let np: ReturnType<typeof moduleReference> | undefined;
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      const attr = fn?.type === 'attribute' ? fn.childForFieldName('attribute') : null;
      const receiver = fn?.childForFieldName('object');
      if (!attr || !receiver || !ctx.inScope(call)) continue;
      const method = parsed.text(attr);
      const all = callArguments(call);
      if (all.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) continue;
      if (method === 'ptp') {
        if (np === undefined) np = moduleReference(parsed, ctx, 'numpy', 'np');
        if (!np) continue;
        edits.push(
          replaceNode(call, `${np.name}.ptp(${[parsed.text(receiver), ...all.map((a) => parsed.text(a))].join(', ')})`),
        );
      } else if (method === 'itemset') {
        const args = positionalArguments(call);
        if (call.parent?.type !== 'expression_statement' || args.length < 2 || args.length !== all.length) continue;
        const index = args.slice(0, -1).map((a) => parsed.text(a));
        const value = parsed.text(args.at(-1) as Node);
        const single = args.length === 2 && args[0]?.type !== 'tuple';
        edits.push(
          replaceNode(call, `${asPrimary(receiver, parsed)}${single ? '.flat' : ''}[${index.join(', ')}] = ${value}`),
        );
      } else if (method === 'newbyteorder') {
        if (!SIMPLE.has(receiver.type) || all.length > 1) continue;
        const r = parsed.text(receiver);
        edits.push(
          replaceNode(call, `${r}.view(${r}.dtype.newbyteorder(${all.map((a) => parsed.text(a)).join(', ')}))`),
        );
      }
    }
    if (np && edits.length > 0) edits.push(...np.edits);
    return edits;
  },
});

/** np.compat's Python 2/3 helpers and what they were on Python 3. */
const COMPAT: Record<string, { value?: string; from?: string; name?: string }> = {
  long: { value: 'int' },
  unicode: { value: 'str' },
  basestring: { value: 'str' },
  bytes: { value: 'bytes' },
  integer_types: { value: '(int,)' },
  Path: { from: 'pathlib' },
  pickle: { from: '', name: 'pickle' },
  os_fspath: { from: 'os', name: 'fspath' },
  contextlib_nullcontext: { from: 'contextlib', name: 'nullcontext' },
};

const compatModule = defineRule({
  id: 'numpy2.compat-module',
  title: 'from numpy.compat import long, unicode, Path … → the Python 3 names',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed np.compat ("There's no replacement, as Python 2 is no longer supported", ${GUIDE}); on Python 3 its helpers were plain names: long → int, unicode/basestring → str, integer_types → (int,), Path → pathlib.Path, os_fspath → os.fspath, contextlib_nullcontext → contextlib.nullcontext, pickle → pickle. The import becomes those bindings under the notebook's names; an import of anything else from np.compat is left alone.`,
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'numpy\.compat'/ }], pattern: true },
  needles: ['numpy.compat'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of parsed.nodes('import_from_statement')) {
      if (!ctx.inScope(statement) || inExceptClause(statement, parsed)) continue;
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode || !/^numpy\.compat(\.py3k)?$/.test(parsed.text(moduleNode).replace(/\s+/g, ''))) continue;
      const items = statement.childrenForFieldName('name').map((node) =>
        node.type === 'aliased_import'
          ? {
              name: parsed.text(node.childForFieldName('name') as Node),
              local: parsed.text(node.childForFieldName('alias') as Node),
            }
          : { name: parsed.text(node), local: parsed.text(node) },
      );
      if (items.length === 0 || !items.every((i) => i.name in COMPAT)) continue;
      const indent = parsed.source.slice(
        parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
        statement.startIndex,
      );
      const lines = items.map(({ name, local }) => {
        const spec = COMPAT[name] as (typeof COMPAT)[string];
        if (spec.value !== undefined) return `${local} = ${spec.value}`;
        const target = spec.name ?? name;
        if (spec.from === '') return target === local ? `import ${target}` : `import ${target} as ${local}`;
        return `from ${spec.from as string} import ${target === local ? target : `${target} as ${local}`}`;
      });
      edits.push(replaceNode(statement, lines.join(`\n${indent}`)));
    }
    return edits;
  },
});

export const NUMPY2_RULES: Rule[] = [
  movedMembers,
  reshapedMembers,
  libNamespace,
  copyFalse,
  tostring,
  ndarrayMethods,
  compatModule,
];

// numpy.removed-members — np.NINF → -np.inf, np.PZERO/NZERO, np.issubclass_, np.safe_eval, np.in1d →
// np.isin(…).ravel(), np.cast[t](x), np.nbytes[t], np.recfromcsv, np.obj2sctype …
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/numpy/numpy/blob/v2.4.6/numpy/_expired_attrs_2_0.py#L6
// Example:
//     import numpy as np
//     lo = np.NINF
//     d = 1 - np.NINF
//     z = [np.PZERO, np.NZERO]
//     ok = np.issubclass_(t, np.integer)
//     v = np.safe_eval('[1]')
//     m = np.in1d(a, b)
//     …
//   →
//     import ast
//     import numpy as np
//     lo = -np.inf
//     d = 1 - (-np.inf)
//     z = [0.0, -0.0]
//     ok = issubclass(t, np.integer)
//     v = ast.literal_eval('[1]')
//     …
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: find_common_type with scalar types, maximum_sctype of a computed value and a user object with an in1d
// method are left alone.
import type { ParsedSource } from '../../../../python/python-parser';
import { type CellContext, defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import type { Node } from 'web-tree-sitter';
import { callArguments, positionalArguments } from '../../syntax';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { importsAtCellTop, moduleReference } from '../helpers';
import { inExceptClause, NUMPY2, GUIDE } from './_shared';
import { deprecateRewrite } from './_deprecate-rewrite';
import { CALLS, type CallRewrite } from './_removed-member-calls';

/** `numpy.<name>` attribute uses in the cell, by the notebook's imports (or `np.` when the error names numpy). */
function numpyMembers(
  parsed: ParsedSource,
  ctx: CellContext,
  names: ReadonlySet<string>,
  prefix = 'numpy.',
): { node: Node; name: string }[] {
  const found: { node: Node; name: string }[] = [];
  for (const attr of ctx.nodes('attribute')) {
    if (inExceptClause(attr, parsed)) continue;
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
  sctypes: {
    text: (np) =>
      `{${Object.entries(SCTYPES)
        .map(([kind, types]) => `'${kind}': [${types.map((t) => t.replace('np.', `${np}.`)).join(', ')}]`)
        .join(', ')}}`,
    usesNumpy: true,
  },
};

/** np.sctypes as NumPy 1.x built it on a 64-bit platform (longdouble/clongdouble: float128/complex256 there). */
const SCTYPES: Record<string, string[]> = {
  int: ['np.int8', 'np.int16', 'np.int32', 'np.int64'],
  uint: ['np.uint8', 'np.uint16', 'np.uint32', 'np.uint64'],
  float: ['np.float16', 'np.float32', 'np.float64', 'np.longdouble'],
  complex: ['np.complex64', 'np.complex128', 'np.clongdouble'],
  others: ['bool', 'object', 'bytes', 'str', 'np.void'],
};

/** np.cast[t](x) → np.asarray(x).astype(t) and np.nbytes[t] → np.dtype(t).itemsize; null where the form differs. */
function subscriptMemberEdit(
  node: Node,
  name: 'cast' | 'nbytes',
  parsed: ParsedSource,
  numpyName: () => string | null,
): SourceEdit | null {
  const parent = node.parent;
  if (parent?.type !== 'subscript' || parent.childForFieldName('value')?.startIndex !== node.startIndex) return null;
  const key = parent.childForFieldName('subscript');
  const npName = numpyName();
  if (!key || !npName) return null;
  if (name === 'nbytes') return replaceNode(parent, `${npName}.dtype(${parsed.text(key)}).itemsize`);
  const call = parent.parent;
  // f = np.cast['f8']: the converter itself (NumPy 1.x's lambda x: array(x, copy=False).astype(t))
  if (call?.type !== 'call' || call.childForFieldName('function')?.startIndex !== parent.startIndex)
    return replaceNode(parent, `(lambda x: ${npName}.asarray(x).astype(${parsed.text(key)}))`);
  const args = positionalArguments(call);
  if (args.length !== 1 || callArguments(call).length !== 1) return null;
  return replaceNode(call, `${npName}.asarray(${parsed.text(args[0] as Node)}).astype(${parsed.text(key)})`);
}

const EXPRESSION_NAMES = new Set(Object.keys(EXPRESSIONS));

const CALL_NAMES = new Set(Object.keys(CALLS));

/**
 * `from numpy import in1d` (NumPy 2.4 removed in1d): the name is bound to a lambda with in1d's NumPy 1.x signature
 * (ar1, ar2, assume_unique=False, invert=False, *, kind=None) that calls np.isin with the same arguments and flattens
 * its result as in1d did, so calls in any cell, keyword uses and the name passed as a value keep their results.
 */
function in1dImports(parsed: ParsedSource, ctx: CellContext, numpyName: () => string | null): SourceEdit[] {
  const edits: SourceEdit[] = [];
  for (const statement of ctx.nodes('import_from_statement')) {
    if (inExceptClause(statement, parsed)) continue;
    const moduleNode = statement.childForFieldName('module_name');
    if (!moduleNode || parsed.text(moduleNode) !== 'numpy') continue;
    const items = statement.childrenForFieldName('name');
    const nameOf = (item: Node): string =>
      parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
    const index = items.findIndex((item) => nameOf(item) === 'in1d');
    const item = items[index];
    if (!item || statement.parent?.type === 'future_import_statement') continue;
    const local = item.type === 'aliased_import' ? parsed.text(item.childForFieldName('alias') as Node) : 'in1d';
    const np = numpyName();
    if (!np) continue;
    const indent = parsed.source.slice(
      parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
      statement.startIndex,
    );
    const shim =
      `${local} = lambda ar1, ar2, assume_unique=False, invert=False, *, kind=None: ` +
      `${np}.isin(ar1, ar2, assume_unique=assume_unique, invert=invert, kind=kind).ravel()`;
    const rest = items.filter((_, i) => i !== index).map((i) => parsed.text(i));
    edits.push(
      replaceNode(statement, rest.length > 0 ? `from numpy import ${rest.join(', ')}\n${indent}${shim}` : shim),
    );
  }
  return edits;
}

export const removedMembers = defineRule({
  id: 'numpy.removed-members',
  title:
    'np.NINF → -np.inf, np.PZERO/NZERO, np.issubclass_, np.safe_eval, np.in1d → np.isin(…).ravel(), np.cast[t](x), np.nbytes[t], np.recfromcsv, np.obj2sctype …',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 removed these members (${GUIDE}, "Main namespace"); each replacement computes the same value: np.NINF → -np.inf, np.PZERO → 0.0, np.NZERO → -0.0, np.issubclass_(a, b) → isinstance(a, type) and issubclass(a, b) (False for a non-class, as before), np.safe_eval → ast.literal_eval, np.in1d(a, b) → np.isin(a, b).ravel() (in1d flattened; from numpy import in1d → in1d bound to a lambda with in1d's signature that returns np.isin(…).ravel() with the same assume_unique/invert/kind), np.cast[t](x) → np.asarray(x).astype(t) (cast copied; np.cast[t] given as a value → that as a lambda), np.nbytes[t] → np.dtype(t).itemsize, np.obj2sctype(x) → np.dtype(x).type and np.sctype2char(x) → np.dtype(x).char (x.dtype.type and x.dtype.char for an array, which np.dtype does not take), np.issctype(t) → isinstance(t, (type, np.dtype)) and np.dtype(t).type is not np.object_ (int and float were scalar types to it, object not), np.sctypes → the dict NumPy 1.x built (np.sctypes['float'] → that list), np.maximum_sctype(t) of a literal type → the largest type of its kind (int64, uint64, longdouble, clongdouble) or its own scalar type, np.find_common_type(types, []) → np.result_type(*types), np.fastCopyAndTranspose(a) → np.transpose(a).copy(), np.disp(x) → print(x) (linefeed=False → end='', device= → file=), np.source(f) → print('In file: %s\\n' % inspect.getsourcefile(f), inspect.getsource(f), sep='\\n') (its header and the source), np.recfromcsv/recfromtxt(f) → np.genfromtxt(f, <their defaults>).view(np.recarray). np.deprecate as a decorator or applied to a function (and np.deprecate_with_doc(msg)) → Python 3.13's warnings.deprecated with the message NumPy warned with (an older Python: left alone). Members the guide gives no equivalent for (np.who, np.lookfor, np.set_string_function) are left alone.`,
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue: /cannot import name 'in1d' from 'numpy'/,
      },
      {
        ename: 'AttributeError',
        evalue:
          /module 'numpy' has no attribute '(NINF|PZERO|NZERO|issubclass_|safe_eval|in1d|cast|nbytes|disp|fastCopyAndTranspose|obj2sctype|sctype2char|issctype|find_common_type|recfromcsv|recfromtxt|source|sctypes|maximum_sctype|deprecate|deprecate_with_doc)'|`np\.(NINF|PZERO|NZERO|issubclass_|safe_eval|cast|nbytes|fastCopyAndTranspose|obj2sctype|sctype2char|issctype|find_common_type|recfromcsv|recfromtxt|source|sctypes|maximum_sctype|deprecate|deprecate_with_doc)` was removed/,
      },
    ],
    pattern: true,
  },
  needles: [...EXPRESSION_NAMES, ...CALL_NAMES, 'cast[', 'nbytes[', 'deprecate'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    let np: ReturnType<typeof moduleReference> | undefined;
    const numpyName = (): string | null => {
      if (np === undefined) np = moduleReference(parsed, ctx, 'numpy', 'np');
      return np?.name ?? null;
    };
    const names = new Set([...EXPRESSION_NAMES, ...CALL_NAMES, 'cast', 'nbytes', 'deprecate', 'deprecate_with_doc']);
    const python = packageVersion(ctx.env, 'python');
    const deprecatedDecorator = !!python && compareVersions(python, '3.13') >= 0;
    for (const { node, name } of numpyMembers(parsed, ctx, names)) {
      const parent = node.parent;
      if (name in EXPRESSIONS) {
        const spec = EXPRESSIONS[name] as (typeof EXPRESSIONS)[string];
        // np.issubclass_(a, b) called: the CALLS rewrite keeps its False for a non-class
        if (name === 'issubclass_' && parent?.type === 'call' && parent.childForFieldName('function')?.id === node.id) {
          const text = CALLS.issubclass_?.rewrite('np', positionalArguments(parent), parent, parsed);
          if (text) edits.push(replaceNode(parent, text));
          continue;
        }
        const npName = spec.usesNumpy ? numpyName() : 'np';
        if (!npName) continue;
        // np.sctypes['float']: that kind's list
        const key = parent?.type === 'subscript' ? parent.childForFieldName('subscript') : null;
        const kind = key?.type === 'string' ? parsed.text(key).slice(1, -1) : '';
        if (name === 'sctypes' && key && parent?.childForFieldName('value')?.id === node.id && SCTYPES[kind]) {
          edits.push(replaceNode(parent, `[${SCTYPES[kind].map((t) => t.replace('np.', `${npName}.`)).join(', ')}]`));
          continue;
        }
        const text = spec.text(npName);
        edits.push(replaceNode(node, spec.unary && !standsAlone(node) ? `(${text})` : text));
        if (spec.needs && ctx.imports.bindings.get(spec.needs) !== spec.needs) needs.add(spec.needs);
      } else if (name === 'deprecate' || name === 'deprecate_with_doc') {
        // Python 3.13's warnings.deprecated: the same DeprecationWarning at each call, with np.deprecate's message
        if (!deprecatedDecorator) continue;
        const text = deprecateRewrite(node, name, parsed);
        if (!text) continue;
        edits.push(replaceNode(text.node, text.text));
        if (ctx.imports.bindings.get('warnings') !== 'warnings') needs.add('warnings');
      } else if (name === 'cast' || name === 'nbytes') {
        const edit = subscriptMemberEdit(node, name, parsed, numpyName);
        if (edit) edits.push(edit);
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
    edits.push(...in1dImports(parsed, ctx, numpyName));
    if (edits.length === 0) return [];
    edits.push(...importsAtCellTop(parsed, needs));
    if (np) edits.push(...np.edits);
    return edits;
  },
});

// numpy.removed-members' rewrites of removed numpy functions whose replacement has another shape than the call
// (a helper of that rule only, in a file of its own so the rule's file stays readable): np.in1d, np.disp,
// np.obj2sctype, np.issctype, np.maximum_sctype, np.find_common_type, np.recfromcsv, np.source …
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { callArguments, keywordArgument, keywordName } from '../../syntax';
import { SIMPLE } from './_shared';

const LITERALS = new Set(['integer', 'float', 'string', 'true', 'false', 'none']);

/** Calls whose replacement has another shape; null leaves the call alone. */
export interface CallRewrite {
  rewrite(np: string, args: Node[], call: Node, parsed: ParsedSource): string | null;
  needs?: string;
}

const plainArgs = (args: Node[], parsed: ParsedSource): string => args.map((a) => parsed.text(a)).join(', ');

export const CALLS: Record<string, CallRewrite> = {
  // "np.in1d(ar1, ar2) is equivalent to np.isin(ar1, ar2).ravel()" (in1d flattened its result; isin keeps the shape)
  in1d: {
    rewrite: (np, _a, call, parsed) => `${np}.isin${parsed.text(call.childForFieldName('arguments') as Node)}.ravel()`,
  },
  // disp(mesg, device=None, linefeed=True): device.write('%s\n' % mesg), or without the newline
  disp: {
    rewrite: (_np, args, call, parsed) => {
      const all = callArguments(call);
      const keywords = new Map(
        all
          .filter((a) => a.type === 'keyword_argument')
          .map((a) => [keywordName(a, parsed), a.childForFieldName('value') as Node] as const),
      );
      const device = args[1] ?? keywords.get('device');
      const linefeed = args[2] ?? keywords.get('linefeed');
      if (args.length < 1 || args.length + keywords.size !== all.length || args.length > 3) return null;
      if ([...keywords.keys()].some((k) => k !== 'device' && k !== 'linefeed')) return null;
      if (linefeed && !['True', 'False'].includes(parsed.text(linefeed))) return null;
      const extra = [
        ...(device && parsed.text(device) !== 'None' ? [`file=${parsed.text(device)}`] : []),
        ...(linefeed && parsed.text(linefeed) === 'False' ? ["end=''"] : []),
      ];
      return `print(${[parsed.text(args[0] as Node), ...extra].join(', ')})`;
    },
  },
  fastCopyAndTranspose: {
    rewrite: (np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1
        ? `${np}.transpose(${parsed.text(args[0] as Node)}).copy()`
        : null,
  },
  obj2sctype: { rewrite: (np, args, call, parsed) => scalarTypeOf(np, args, call, parsed, 'type') },
  sctype2char: { rewrite: (np, args, call, parsed) => scalarTypeOf(np, args, call, parsed, 'char') },
  issctype: {
    rewrite: (np, args, call, parsed) => {
      const rep = args[0];
      if (args.length !== 1 || callArguments(call).length !== 1 || !rep) return null;
      if (!SIMPLE.has(rep.type))
        return `(lambda t: isinstance(t, (type, ${np}.dtype)) and ${np}.dtype(t).type is not ${np}.object_)(${parsed.text(rep)})`;
      // issctype(rep): a type or dtype whose scalar type is not object_ (int, float, str count: np.dtype takes them)
      const r = parsed.text(rep);
      return `(isinstance(${r}, (type, ${np}.dtype)) and ${np}.dtype(${r}).type is not ${np}.object_)`;
    },
  },
  // issubclass_(a, b) was issubclass that answered False where issubclass raises (a not a class)
  issubclass_: {
    rewrite: (_np, args, call, parsed) => {
      const [a, b] = args;
      if (args.length !== 2 || callArguments(call).length !== 2 || !a || !b) return null;
      const [ta, tb] = [parsed.text(a), parsed.text(b)];
      // a name, attribute or literal is read twice; a call's result (type(v)) is a class
      return SIMPLE.has(a.type) || LITERALS.has(a.type)
        ? `(isinstance(${ta}, type) and issubclass(${ta}, ${tb}))`
        : `issubclass(${ta}, ${tb})`;
    },
  },
  // maximum_sctype(t): the largest scalar type of t's kind (sctypes[kind][-1]), t's own scalar type for other kinds
  maximum_sctype: {
    rewrite: (np, args, call, parsed) => {
      const t = args[0];
      if (args.length !== 1 || callArguments(call).length !== 1 || !t) return null;
      const text = parsed.text(t);
      if (!(t.type === 'string' || /^((np|numpy)\.[a-z]+\d*_?|int|float|complex|bool|str|bytes|object)$/.test(text)))
        return null;
      return `{'i': ${np}.int64, 'u': ${np}.uint64, 'f': ${np}.longdouble, 'c': ${np}.clongdouble}.get(${np}.dtype(${text}).kind, ${np}.dtype(${text}).type)`;
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
  // np.source(obj) printed "In file: <its file>", a blank line and the source
  source: {
    rewrite: (_np, args, call, parsed) =>
      args.length === 1 && callArguments(call).length === 1 && call.parent?.type === 'expression_statement'
        ? `print('In file: %s\\n' % inspect.getsourcefile(${parsed.text(args[0] as Node)}), inspect.getsource(${parsed.text(args[0] as Node)}), sep='\\n')`
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

/**
 * obj2sctype(x) / sctype2char(x): an array gave its dtype's, anything else np.dtype(x)'s. A literal dtype (a string,
 * np.float32, float) needs no test; a name or attribute may hold an array, so the rewrite tests it; any other
 * expression is tested as a lambda's argument (evaluated once).
 */
function scalarTypeOf(
  np: string,
  args: readonly Node[],
  call: Node,
  parsed: ParsedSource,
  member: 'type' | 'char',
): string | null {
  const arg = args[0];
  if (args.length !== 1 || callArguments(call).length !== 1 || !arg) return null;
  const text = parsed.text(arg);
  if (arg.type === 'string' || (arg.type === 'attribute' && /^(np|numpy)\.[a-z]+\d*_?$/.test(text)))
    return `${np}.dtype(${text}).${member}`;
  // another expression is evaluated once, as the argument of a lambda
  if (!SIMPLE.has(arg.type))
    return `(lambda t: t.dtype.${member} if isinstance(t, ${np}.ndarray) else ${np}.dtype(t).${member})(${text})`;
  return `(${text}.dtype.${member} if isinstance(${text}, ${np}.ndarray) else ${np}.dtype(${text}).${member})`;
}

// numpy.array-to-scalar — float(a), int(a), '%.3f' % a, math.f(a) of a one-element array → np.asarray(a).item()
//
// Why it broke: NumPy 2.4.0 (2025-12-20) expired the 1.25 deprecation of converting an array with ndim > 0 to a
// scalar: float(a), int(a), printf-style %f/%d of a and the math functions raise TypeError ("only 0-dimensional
// arrays can be converted to Python scalars") where they took the one element of a model's intercept_ or of the
// prediction for one sample.
// Changelog: https://github.com/numpy/numpy/blob/main/doc/source/release/2.4.0-notes.rst#raise-typeerror-on-attempt-to-convert-array-with-ndim--0-to-scalar
// Changelog: https://github.com/numpy/numpy/pull/29841
// Example:
//     print('Intercept: %.3f' % lr.intercept_)
//   →
//     print('Intercept: %.3f' % np.asarray(lr.intercept_).item())
// Fix safety: Same result: np.asarray(v).item() is the element of a one-element array and v itself for numbers,
// numpy scalars and strings, so code that already worked computes the same; only on the failing line (and where the
// cell's other lines convert the same variable, which fail next), and only the values a numeric conversion takes (%s
// and %r keep printing the array).
// Left alone: literals, a float/int/complex the notebook defines itself, and a notebook where no name for numpy is
// free.
import type { Node } from 'web-tree-sitter';
import { defineRule, type CellContext, type Rule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, definesName, positionalArguments, stringContent } from '../../syntax';
import { moduleReference } from '../helpers';

/** Builtins that converted a size-1 array through its __float__/__int__/__complex__ until NumPy 2.4. */
/** A cell's parsed source (the type rules get). */
type ParsedSource = Parameters<Rule['apply']>[0];

const CONVERTERS = new Set(['float', 'int', 'complex']);

/** Expressions that are certainly not arrays: converting them is left as written. */
const LITERALS = new Set([
  'integer',
  'float',
  'string',
  'concatenated_string',
  'true',
  'false',
  'none',
  'unary_operator',
]);

/**
 * The conversion specifiers of a printf-style format, in order ('%.3f %s %%' → ['f', 's']); null when the
 * format takes values by mapping key (`%(name)s`) or by `*` width, which this rule does not pair up.
 */
function conversions(format: string): string[] | null {
  const out: string[] = [];
  const spec = /%(\([^)]*\))?([-#0 +]*)(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])/g;
  for (const match of format.matchAll(spec)) {
    if (match[5] === '%') continue;
    if (match[1] || match[3] === '*' || match[4] === '*') return null;
    out.push(match[5] as string);
  }
  return out;
}

/** The specifiers that convert their value to a number (`%s`/`%r`/`%a` print the array as it is). */
const NUMERIC = /^[diouxXeEfFgGc]$/;

/** The values a `format % values` expression formats with a numeric specifier. */
function numericOperands(binary: Node, parsed: ParsedSource): Node[] {
  const format = binary.childForFieldName('left');
  const values = binary.childForFieldName('right');
  if (!format || !values || format.type !== 'string') return [];
  const content = stringContent(format, parsed);
  if (content === null) return [];
  const specs = conversions(content);
  if (!specs || specs.length === 0) return [];
  const items = values.type === 'tuple' ? values.namedChildren : [values];
  if (values.type !== 'tuple' && specs.length !== 1) return [];
  if (items.length !== specs.length) return [];
  return items.filter((item, i) => NUMERIC.test(specs[i] as string));
}

/** `math.sqrt(x)`, `math.exp(x)`: the math functions call __float__ (or __index__) on their arguments too. */
function isMathCall(call: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  const qualified = ctx.imports.resolve(call.childForFieldName('function'), parsed);
  return qualified !== null && /^math\.\w+$/.test(qualified);
}

export const arrayToScalar = defineRule({
  id: 'numpy.array-to-scalar',
  title: "float(a), int(a), '%.3f' % a, math.f(a) of a one-element array → np.asarray(a).item()",
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '2.4', date: '2025-12-20' },
  deprecatedIn: '1.25',
  explanation:
    'NumPy 2.4 expired the 1.25 deprecation "Conversion of an array with ndim > 0 to a scalar" (release notes, Expired deprecations: "Raise TypeError on attempt to convert array with ndim > 0 to scalar … Ensure you extract a single element from your array before performing this operation"). Until then float(a), int(a), a printf-style %f/%d/%e/%g of a, and math functions took the single element of a one-element array such as model.intercept_ or predict(x) of one sample. On the failing line, the value each of these converts is taken out first with np.asarray(v).item(), which is the element itself for one-element arrays and the same value for numbers, numpy scalars and one-element Series, so nothing else the line computes changes; %s/%r keep printing the array. The cell\'s other lines that convert the same variable (int(ratings[6]) after int(ratings[0])) would fail next, one per run, and are rewritten too; other conversions there are left as written. A builtin the notebook redefines is left alone.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /only 0-dimensional arrays can be converted to Python scalars/ },
      { ename: 'TypeError', evalue: /format: a (real )?number is required, not numpy\.ndarray/ },
    ],
  },
  errorScope: 'line',
  needles: ['float(', 'int(', 'complex(', '%', 'math.'],
  prepare(notebook) {
    // a builtin the notebook redefines (def float(...), int = ...) is not the conversion NumPy changed
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of CONVERTERS)
        if (new RegExp(`\\b${name}\\b\\s*(=[^=]|\\(|,)|def\\s+${name}\\b|import[^\\n]*\\b${name}\\b`).test(source))
          if (definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const redefined = ctx.state as Set<string>;
    const onFailingLines = convertedValues(parsed, ctx, redefined, ctx.inScope);
    // the same variable converted on the cell's other lines (eleven print lines of int(ratings[i])) fails next, one
    // line per run: those conversions are taken out too, and only those
    const keys = new Set(onFailingLines.map((value) => variableKey(value, parsed)).filter((key) => key !== null));
    const elsewhere =
      keys.size === 0
        ? []
        : convertedValues(parsed, ctx, redefined, (node) => !ctx.inScope(node)).filter((value) =>
            keys.has(variableKey(value, parsed) ?? ''),
          );
    const wanted = [...onFailingLines, ...elsewhere].filter(
      (value) => !LITERALS.has(value.type) && !/\.item\(\)$/.test(parsed.text(value)) && !isWrapped(value, parsed),
    );
    if (wanted.length === 0) return [];
    const numpy = moduleReference(parsed, ctx, 'numpy', 'np');
    if (!numpy) return [];
    const edits: SourceEdit[] = [...numpy.edits];
    for (const value of wanted) edits.push(replaceNode(value, `${numpy.name}.asarray(${parsed.text(value)}).item()`));
    return edits;
  },
});

/** The values the numeric conversions of the cell take, among the nodes `where` accepts. */
function convertedValues(
  parsed: ParsedSource,
  ctx: CellContext,
  redefined: Set<string>,
  where: (node: Node) => boolean,
): Node[] {
  const values: Node[] = [];
  for (const call of parsed.nodes('call')) {
    if (!where(call)) continue;
    const fn = call.childForFieldName('function');
    const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
    if (CONVERTERS.has(name) && !redefined.has(name)) {
      const args = positionalArguments(call);
      if (args.length === 1 && callArguments(call).length === 1) values.push(args[0] as Node);
    } else if (isMathCall(call, parsed, ctx)) {
      if (callArguments(call).some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) continue;
      values.push(...positionalArguments(call));
    }
  }
  for (const binary of parsed.nodes('binary_operator')) {
    if (!where(binary) || binary.childForFieldName('operator')?.type !== '%') continue;
    values.push(...numericOperands(binary, parsed));
  }
  return values;
}

/**
 * The variable a converted value reads: `ratings` for ratings[0] and ratings[i, 0], `lr.intercept_` for
 * lr.intercept_; null for anything else (a call, an expression), which is only converted where the error points.
 */
function variableKey(value: Node, parsed: ParsedSource): string | null {
  let node = value;
  while (node.type === 'subscript') node = node.childForFieldName('value') as Node;
  if (node.type !== 'identifier' && node.type !== 'attribute') return null;
  const text = parsed.text(node);
  return /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/.test(text) ? text : null;
}

/** Is the value already `….item()` of something (the rule's own output)? */
function isWrapped(value: Node, parsed: ParsedSource): boolean {
  return value.type === 'call' && /^[\w.]+\.asarray\(.*\)\.item\(\)$/s.test(parsed.text(value));
}

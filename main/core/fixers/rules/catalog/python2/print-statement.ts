// python2.print-statement — Python 2 print statement → print() function
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     print map(str, xs)
//     print 'pairs:', zip(a, b)
//     print range(3),
//   →
//     print(list(map(str, xs)))
//     print('pairs:', list(zip(a, b)))
//     print(list(range(3)), end=' ')
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a Python 3 notebook: print(a), print(b) and print(x) + y are left alone without an error; leaves Python
// 3 prints and a bare print in a Python 3 notebook alone.
import type { ParsedSource } from '../../../../python/python-parser';
import type { Node } from 'web-tree-sitter';
import { callArguments, definesName } from '../../syntax';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import { type CellContext, defineRule } from '../../rule';
import { PY3, mayDefine, errorLines } from './_shared';

/** map/filter/zip/range, whose Python 2 results were lists: printed, they showed the list (Python 3 shows an iterator). */
const PRINTED_AS_LISTS = new Set(['map', 'filter', 'zip', 'range']);

/**
 * `print map(f, x)` / `print zip(a, b)` / `print range(5)`: Python 2 printed the list these returned; Python 3 would
 * print `<map object at …>`. The argument is wrapped in list() — unless the notebook defines that name itself; filter()
 * over a string literal returned a string: ''.join(…).
 */
function printedIteratorArgs(parsed: ParsedSource, args: readonly Node[], defines: (name: string) => boolean): Node[] {
  return args.filter((arg) => {
    if (arg.type !== 'call') return false;
    const fn = arg.childForFieldName('function');
    const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
    return PRINTED_AS_LISTS.has(name) && !defines(name);
  });
}

/** filter(f, 'literal'): Python 2 returned a string there, which ''.join(…) rebuilds. */
function filtersString(arg: Node, parsed: ParsedSource): boolean {
  const fn = arg.childForFieldName('function');
  return fn?.type === 'identifier' && parsed.text(fn) === 'filter' && callArguments(arg)[1]?.type === 'string';
}

function printStatementEdits(
  parsed: ParsedSource,
  node: Node,
  defines: (name: string) => boolean = () => false,
): SourceEdit[] {
  const keyword = node.child(0);
  if (!keyword || keyword.type !== 'print') return [];
  const args = node.childrenForFieldName('argument');
  const chevron = node.namedChildren.find((c) => c.type === 'chevron');
  const file = chevron?.namedChildren[0];
  const lastChild = node.lastChild;
  const trailingComma = lastChild?.type === ',' && args.length > 0;
  const extra = [file ? `file=${parsed.text(file)}` : null, trailingComma ? "end=' '" : null].filter(
    (x): x is string => x !== null,
  );
  const firstArg = args[0];
  const lastArg = args.at(-1);
  if (!firstArg || !lastArg) return [replaceNode(node, `print(${extra.join(', ')})`)];
  const close = `${extra.length ? `, ${extra.join(', ')}` : ''})`;
  const wrapped = new Set(printedIteratorArgs(parsed, args, defines).map((a) => a.startIndex));
  if (wrapped.size > 0) {
    const parts = args.map((a) =>
      !wrapped.has(a.startIndex)
        ? parsed.text(a)
        : filtersString(a, parsed)
          ? `''.join(${parsed.text(a)})`
          : `list(${parsed.text(a)})`,
    );
    return [replaceNode(node, `print(${[...parts, ...extra].join(', ')})`)];
  }
  return [
    { start: keyword.endIndex, end: firstArg.startIndex, text: '(' },
    trailingComma ? { start: lastArg.endIndex, end: node.endIndex, text: close } : insertAt(lastArg.endIndex, close),
  ];
}

/** Does any cell of the notebook still hold a Python 2 print statement (so a bare `print` is one too)? */
function notebookUsesPrintStatements(ctx: CellContext): boolean {
  return ctx.notebook.codeCells.some(
    (i) => ctx.notebook.source(i).includes('print') && ctx.notebook.parse(i).nodes('print_statement').length > 0,
  );
}

/** The notebook says it was written for Python 2 (its kernelspec or language_info). */
function python2Kernel(ctx: CellContext): boolean {
  const meta = ctx.notebook.notebook.metadata as {
    kernelspec?: { name?: string };
    language_info?: { version?: string; codemirror_mode?: { version?: number } };
  };
  return (
    /^python2$/i.test(meta.kernelspec?.name ?? '') ||
    /^2\./.test(meta.language_info?.version ?? '') ||
    meta.language_info?.codemirror_mode?.version === 2
  );
}

/** What Python 3 raises on `print (a+b)/4.`, `print (x)[0]`, `print (x).shape`: print() returned None. */
const PRINT_RESULT_USED =
  /unsupported operand type\(s\) for [^:]+: 'NoneType' and|can only concatenate str \(not "NoneType"\)|'NoneType' object is not subscriptable|'NoneType' object has no attribute/;

/**
 * `print (a+b)/4.`, `print (x), y`, `print ("a") + "b"`: a Python 2 print statement whose expression starts with
 * a parenthesized part parses in Python 3 as the call print((a+b)) followed by more expression (`/4.` applied to
 * print's None, or a tuple of print's None and y). Python 2 printed the whole expression: the statement becomes
 * print((a+b)/4.) / print((x), y) (the inner parentheses are kept: `print (a, b), c` printed the tuple (a, b)).
 * Null when the statement is something else (a call of print alone, `print(a), print(b)` in Python 3 code).
 */
function printExpressionEdit(parsed: ParsedSource, statement: Node): SourceEdit | null {
  if (statement.type !== 'expression_statement') return null;
  let leaf: Node | null = statement;
  while (leaf && leaf.childCount > 0) leaf = leaf.child(0);
  if (!leaf || leaf.type !== 'identifier' || parsed.text(leaf) !== 'print') return null;
  const call = leaf.parent;
  if (!call || call.type !== 'call' || call.childForFieldName('function')?.startIndex !== leaf.startIndex) return null;
  if (call.childForFieldName('arguments')?.type !== 'argument_list') return null;
  // the call alone is Python 3 code (or `print (x)`, the same in both); `print (a, b)` is left as it is too
  if (
    statement.childCount === 1 &&
    statement.namedChildren[0]?.startIndex === call.startIndex &&
    statement.namedChildren[0]?.endIndex === call.endIndex
  )
    return null;
  const text = parsed.text(statement);
  let rest = text.slice(leaf.endIndex - statement.startIndex).trim();
  // a second print call: Python 3 code (`print(a), print(b)`); keyword arguments: print() of Python 3
  if (/\bprint\s*\(/.test(rest.slice(1)) || callArguments(call).some((a) => a.type === 'keyword_argument')) return null;
  let end = '';
  if (statement.lastChild?.type === ',') {
    rest = rest.replace(/,\s*$/, '');
    end = ", end=' '";
  }
  return replaceNode(statement, `print(${rest}${end})`);
}

export const printStatement = defineRule({
  id: 'python2.print-statement',
  title: 'Python 2 print statement → print() function',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 made print a function: `print x, y` becomes `print(x, y)`, `print x,` becomes `print(x, end=' ')` and `print >>f, x` becomes `print(x, file=f)`; the printed text is the same. `print map(f, x)` (and zip, filter, range) printed the list Python 2 returned, so the argument becomes list(map(f, x)); filter over a string literal returned a string, ''.join(filter(f, 'text')). A statement whose expression starts with a parenthesized part, `print (a+b)/4.` or `print (x), y`, is valid Python 3 that prints only (a+b) and then divides print's None (TypeError) or builds a tuple: Python 2 printed the whole expression, so it becomes print((a+b)/4.) / print((x), y). That is done in notebooks that show they are Python 2 (print statements, a python2 kernel), or on the line of the TypeError print's None caused. `print (a, b)` is left as the call print(a, b): Python 2 printed the tuple, \"('a', 'b')\", Python 3 prints \"a b\" — the same values, and rewriting it to print((a, b)) would be wrong in the many notebooks written for both.",
  trigger: {
    errors: [
      { ename: 'SyntaxError', evalue: /Missing parentheses in call to 'print'/ },
      { ename: 'TypeError', evalue: PRINT_RESULT_USED },
      { ename: 'AttributeError', evalue: /'NoneType' object has no attribute/ },
    ],
    pattern: true,
  },
  // `print` followed by anything but `(` (or alone on its line), or `print (…)` followed by more expression
  needles: [
    /\bprint(?:[ \t]+[^\s(=]|[ \t]*$|[ \t]*>>)/m,
    /\bprint[ \t]*\((?:[^()\n]|\([^()\n]*\))*\)[ \t]*(?:[-+*/%,.[|&^<>]|if\b|and\b|or\b)/m,
  ],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const defined = new Map<string, boolean>();
    const defines = (name: string): boolean => {
      let known = defined.get(name);
      if (known === undefined) {
        known = ctx.notebook.codeCells.some(
          (i) => mayDefine(ctx.notebook.source(i), name) && definesName(ctx.notebook.parse(i), name),
        );
        defined.set(name, known);
      }
      return known;
    };
    for (const node of ctx.nodes('print_statement')) edits.push(...printStatementEdits(parsed, node, defines));
    // a bare `print` (an empty line in Python 2) parses as an expression; only in a Python 2 notebook
    const bare = ctx
      .nodes('expression_statement')
      .filter(
        (s) => s.namedChildCount === 1 && s.namedChildren[0]?.type === 'identifier' && parsed.text(s) === 'print',
      );
    const python2 = (): boolean => edits.length > 0 || notebookUsesPrintStatements(ctx) || python2Kernel(ctx);
    if (bare.length > 0 && python2()) for (const s of bare) edits.push(insertAt(s.endIndex, '()'));
    // `print (a+b)/4.`: in a Python 2 notebook everywhere, elsewhere on the line where print's None raised
    if (/\bprint\s*\(/.test(parsed.source)) {
      const candidates = ctx.nodes('expression_statement');
      let lines: Set<string> | null = null;
      let everywhere: boolean | null = null;
      for (const statement of candidates) {
        const edit = printExpressionEdit(parsed, statement);
        if (!edit) continue;
        // `from __future__ import print_function` made print a function in Python 2 as well: no statement there
        everywhere ??=
          python2() && !ctx.notebook.codeCells.some((i) => /\bprint_function\b/.test(ctx.notebook.source(i)));
        if (!everywhere) {
          lines ??= errorLines(
            { ...ctx, errors: ctx.errors.filter((e) => PRINT_RESULT_USED.test(e.evalue)) },
            parsed.source,
          );
          if (!lines.has(parsed.text(statement).split('\n')[0]?.trim() ?? '')) continue;
        }
        edits.push(edit);
      }
    }
    return edits;
  },
});

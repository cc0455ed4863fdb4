// Python 2 → 3: statements and builtins that Python 3 removed (print/exec statements, xrange, iteritems,
// has_key, `except E, e`, octal literals, renamed stdlib modules), plus the py2 helper-package patterns that
// show up when a notebook imports its author's own modules.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, packageVersion, type CellContext, type Rule } from '../rule';
import { compareVersions } from '../version';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  asOperand,
  asPrimary,
  definesName,
  keywordArgument,
  methodName,
  methodReceiver,
  positionalArguments,
  callArguments,
} from '../syntax';
import { insertAtCellTop, moduleMoveEdits, moveNeedles, type ModuleMove } from './helpers';

const PY3 = { package: 'python', version: '3.0', date: '2008-12-03' };

/** map/filter/zip/range, whose Python 2 results were lists: printed, they showed the list (Python 3 shows an iterator). */
const PRINTED_AS_LISTS = new Set(['map', 'filter', 'zip', 'range']);

/**
 * `print map(f, x)` / `print zip(a, b)` / `print range(5)`: Python 2 printed the list these returned; Python 3 would
 * print `<map object at …>`. The argument is wrapped in list() — unless the notebook defines that name itself, or it is
 * filter() over a string literal (Python 2 returned a string there).
 */
function printedIteratorArgs(parsed: ParsedSource, args: readonly Node[], defines: (name: string) => boolean): Node[] {
  return args.filter((arg) => {
    if (arg.type !== 'call') return false;
    const fn = arg.childForFieldName('function');
    const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
    if (!PRINTED_AS_LISTS.has(name) || defines(name)) return false;
    return !(name === 'filter' && callArguments(arg)[1]?.type === 'string');
  });
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
    const parts = args.map((a) => (wrapped.has(a.startIndex) ? `list(${parsed.text(a)})` : parsed.text(a)));
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

/** The trimmed cell lines an error points at: its `line`, and the `---->` line of the cell's own frame. */
function errorLines(ctx: CellContext, source: string): Set<string> {
  const lines = source.split('\n');
  const found = new Set<string>();
  for (const error of ctx.errors) {
    if (error.line?.trim()) found.add(error.line.trim());
    for (const frame of error.traceback.map((t) => t.replace(/\u001b\[[0-9;]*m/g, ''))) {
      if (!/Cell In\[|<ipython-input-|input-\d+-/.test(frame)) continue;
      const arrow = /-+>\s*(\d+)/.exec(frame);
      const line = arrow ? lines[Number(arrow[1]) - 1] : undefined;
      if (line?.trim()) found.add(line.trim());
      break;
    }
  }
  return found;
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

const printStatement = defineRule({
  id: 'py2.print-statement',
  title: 'Python 2 print statement → print() function',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 made print a function: `print x, y` becomes `print(x, y)`, `print x,` becomes `print(x, end=' ')` and `print >>f, x` becomes `print(x, file=f)`; the printed text is the same. `print map(f, x)` (and zip, filter, range) printed the list Python 2 returned, so the argument becomes list(map(f, x)). A statement whose expression starts with a parenthesized part, `print (a+b)/4.` or `print (x), y`, is valid Python 3 that prints only (a+b) and then divides print's None (TypeError) or builds a tuple: Python 2 printed the whole expression, so it becomes print((a+b)/4.) / print((x), y). That is done in notebooks that show they are Python 2 (print statements, a python2 kernel), or on the line of the TypeError print's None caused. `print (a, b)` is left as the call print(a, b): Python 2 printed the tuple, \"('a', 'b')\", Python 3 prints \"a b\" — the same values, and rewriting it to print((a, b)) would be wrong in the many notebooks written for both.",
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
    for (const node of parsed.nodes('print_statement'))
      if (ctx.inScope(node)) edits.push(...printStatementEdits(parsed, node, defines));
    // a bare `print` (an empty line in Python 2) parses as an expression; only in a Python 2 notebook
    const bare = parsed
      .nodes('expression_statement')
      .filter(
        (s) => s.namedChildCount === 1 && s.namedChildren[0]?.type === 'identifier' && parsed.text(s) === 'print',
      );
    const python2 = (): boolean => edits.length > 0 || notebookUsesPrintStatements(ctx) || python2Kernel(ctx);
    if (bare.length > 0 && python2()) for (const s of bare) edits.push(insertAt(s.endIndex, '()'));
    // `print (a+b)/4.`: in a Python 2 notebook everywhere, elsewhere on the line where print's None raised
    if (/\bprint\s*\(/.test(parsed.source)) {
      const candidates = parsed.nodes('expression_statement').filter((s) => ctx.inScope(s));
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

const execStatement = defineRule({
  id: 'py2.exec-statement',
  title: 'Python 2 exec statement → exec() function',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 made exec a function: `exec code in ns` becomes `exec(code, ns)`.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /Missing parentheses in call to 'exec'/ }], pattern: true },
  needles: [/\bexec[ \t]+[^\s(=]/],
  apply(parsed, ctx) {
    return parsed
      .nodes('exec_statement')
      .filter(ctx.inScope)
      .map((node) => {
        const parts = node.namedChildren.filter((c) => c.type !== 'comment').map((c) => parsed.text(c));
        return replaceNode(node, `exec(${parts.join(', ')})`);
      });
  },
});

const exceptComma = defineRule({
  id: 'py2.except-comma',
  title: 'except E, e: → except E as e:',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 only accepts `except E as e:`; the Python 2 form `except E, e:` is a syntax error.',
  trigger: {
    errors: [{ ename: 'SyntaxError', evalue: /multiple exception types must be parenthesized|invalid syntax/ }],
    pattern: true,
  },
  needles: [/\bexcept\b[^:\n]*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of parsed.nodes('except_clause')) {
      if (!ctx.inScope(clause)) continue;
      const values = clause.childrenForFieldName('value');
      if (values.length !== 2 || values[1]?.type !== 'identifier') continue;
      const comma = clause.children.find(
        (c) =>
          c.type === ',' &&
          c.startIndex >= (values[0] as Node).endIndex &&
          c.endIndex <= (values[1] as Node).startIndex,
      );
      if (comma) edits.push({ start: comma.startIndex, end: comma.endIndex, text: ' as' });
    }
    return edits;
  },
});

const raiseComma = defineRule({
  id: 'py2.raise-comma',
  title: 'raise E, V → raise E(V); raise E, V, T → raise E(V).with_traceback(T)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 removed the `raise E, V` form (PEP 3109). Python 2 raised E(V), or E(*V) when V was a tuple: a tuple literal becomes the constructor's arguments, anything else its one argument; a third operand, the traceback, goes to with_traceback().",
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\braise\s+[\w.]+\s*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of parsed.nodes('raise_statement')) {
      if (!ctx.inScope(statement)) continue;
      const list = statement.namedChildren[0];
      if (list?.type !== 'expression_list') continue;
      const [type, value, traceback, ...rest] = list.namedChildren;
      if (!type || !value || rest.length > 0 || !['identifier', 'attribute'].includes(type.type)) continue;
      const args =
        value.type === 'tuple'
          ? value.namedChildren.map((n) => parsed.text(n)).join(', ')
          : value.type === 'parenthesized_expression'
            ? parsed.text(value.namedChildren[0] as Node)
            : parsed.text(value);
      edits.push(
        replaceNode(
          list,
          `${parsed.text(type)}(${args})${traceback ? `.with_traceback(${parsed.text(traceback)})` : ''}`,
        ),
      );
    }
    return edits;
  },
});

const backticks = defineRule({
  id: 'py2.backticks',
  title: '`x` → repr(x)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 removed the backtick spelling of repr(); `x` becomes repr(x), the same string.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: ['`'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      if (!ctx.inScope(node) || node.child(0)?.type !== 'string_start' || parsed.text(node.child(0) as Node) !== '`')
        continue;
      const text = parsed.text(node);
      if (!text.endsWith('`') || text.length < 3) continue;
      edits.push(replaceNode(node, `repr(${text.slice(1, -1).trim()})`));
    }
    return edits;
  },
});

const unicodeRawPrefix = defineRule({
  id: 'py2.ur-prefix',
  title: "ur'…' → r'…' (when it holds no \\u escape)",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 strings are Unicode, and it rejects the ur'' prefix. r'' is the same string unless the literal holds \\u or \\U, which Python 2's ur'' still decoded: those literals are left for review.",
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\b[uU][rR]['"]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      const start = node.child(0);
      if (!start || !ctx.inScope(node) || start.type !== 'string_start') continue;
      const prefix = /^([uU][rR])['"]/.exec(parsed.text(start));
      if (!prefix || /\\[uU]/.test(parsed.text(node))) continue;
      edits.push({ start: start.startIndex, end: start.startIndex + 2, text: (prefix[1] as string).slice(1) });
    }
    return edits;
  },
});

const fileExecfile = defineRule({
  id: 'py2.file-execfile',
  title: 'file(path) → open(path); execfile(path) → exec(compile(open(path).read(), path, "exec"))',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the file() builtin (open() takes the same arguments) and execfile() (its equivalent reads and compiles the file, naming it in tracebacks, then exec()s it in the given namespaces). A notebook that binds `file` or `execfile` itself (a loop variable called file) keeps its own.',
  trigger: { errors: [{ ename: 'NameError', evalue: /name '(file|execfile)' is not defined/ }], pattern: true },
  needles: ['file('],
  prepare(notebook) {
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of ['file', 'execfile'])
        if (mayDefine(source, name) && definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || !ctx.inScope(call)) continue;
      const name = parsed.text(fn);
      if (name === 'file' && !defined.has('file')) edits.push(replaceNode(fn, 'open'));
      if (name === 'execfile' && !defined.has('execfile')) {
        const args = positionalArguments(call);
        const path = args[0];
        if (!path || args.length > 3 || callArguments(call).length !== args.length) continue;
        const text = parsed.text(path);
        const source =
          path.type === 'identifier' || path.type === 'string'
            ? `compile(open(${text}).read(), ${text}, 'exec')`
            : `(lambda p: compile(open(p).read(), p, 'exec'))(${text})`;
        edits.push(replaceNode(call, `exec(${[source, ...args.slice(1).map((a) => parsed.text(a))].join(', ')})`));
      }
    }
    return edits;
  },
});

const oldNumberLiterals = defineRule({
  id: 'py2.number-literals',
  title: 'Python 2 octal (0777) and long (10L) literals',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 writes octal literals as 0o777 and has no long suffix: 0777 → 0o777, 10L → 10.',
  trigger: {
    errors: [
      { ename: 'SyntaxError', evalue: /leading zeros in decimal integer literals|invalid (decimal literal|syntax)/ },
    ],
    pattern: true,
  },
  needles: [/(^|[^\w.])0[0-7]+\b|\d[lL]\b/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('integer')) {
      if (!ctx.inScope(node)) continue;
      const text = parsed.text(node);
      if (/^0[0-7]+$/.test(text)) edits.push(replaceNode(node, `0o${text.slice(1)}`));
      else if (/^(0[xX][0-9a-fA-F]+|\d+)[lL]$/.test(text)) edits.push(replaceNode(node, text.slice(0, -1)));
    }
    return edits;
  },
});

/** Builtins Python 3 removed or renamed, used by name (not as attributes, keywords or local definitions). */
const RENAMED_BUILTINS: Record<string, string> = {
  xrange: 'range',
  raw_input: 'input',
  unicode: 'str',
  basestring: 'str',
  unichr: 'chr',
  long: 'int',
};

/**
 * Could the source define `name` (assign, import, loop over, take as a parameter, def/class)? Every such form
 * has the name not directly followed by `(`, except def/class: a cell that only calls it (or a method of the
 * same name) is not parsed to find out.
 */
function mayDefine(source: string, name: string): boolean {
  if (!source.includes(name)) return false;
  let pattern = DEFINITION_PATTERNS.get(name);
  if (!pattern)
    DEFINITION_PATTERNS.set(name, (pattern = new RegExp(`\\b${name}\\b(?!\\s*\\()|\\b(def|class)\\s+${name}\\b`)));
  return pattern.test(source);
}

const DEFINITION_PATTERNS = new Map<string, RegExp>();

function isNameUse(node: Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.startIndex === node.startIndex)
    return false;
  if (parent.type === 'keyword_argument' && parent.childForFieldName('name')?.startIndex === node.startIndex)
    return false;
  if (
    [
      'dotted_name',
      'aliased_import',
      'parameters',
      'default_parameter',
      'typed_parameter',
      'function_definition',
      'class_definition',
    ].includes(parent.type)
  )
    return false;
  if (parent.type === 'assignment' && parent.childForFieldName('left')?.startIndex === node.startIndex) return false;
  return true;
}

const renamedBuiltins = defineRule({
  id: 'py2.renamed-builtins',
  title: 'xrange, raw_input, unicode, basestring, unichr, long → Python 3 builtins',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed these builtins: xrange → range, raw_input → input, unicode/basestring → str, unichr → chr, long → int (same results for the uses notebooks make of them). Names the notebook defines itself are left alone.',
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(xrange|raw_input|unicode|basestring|unichr|long)' is not defined/ }],
    pattern: true,
  },
  needles: Object.keys(RENAMED_BUILTINS),
  prepare(notebook) {
    // names the notebook defines itself (a variable called `long`) are not the builtins
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of Object.keys(RENAMED_BUILTINS))
        if (mayDefine(source, name) && definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    return parsed
      .nodes('identifier')
      .filter((node) => {
        const name = parsed.text(node);
        return name in RENAMED_BUILTINS && !defined.has(name) && isNameUse(node) && ctx.inScope(node);
      })
      .map((node) => replaceNode(node, RENAMED_BUILTINS[parsed.text(node)] as string));
  },
});

const reduceBuiltin = defineRule({
  id: 'py2.reduce-builtin',
  title: 'reduce() → functools.reduce',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 moved reduce() to functools; the rule imports it where the cell uses it.',
  trigger: { errors: [{ ename: 'NameError', evalue: /name 'reduce' is not defined/ }], pattern: true },
  needles: ['reduce('],
  apply(parsed, ctx) {
    if (ctx.imports.bindings.has('reduce')) return [];
    const uses = parsed.nodes('call').filter((call) => {
      const fn = call.childForFieldName('function');
      return fn?.type === 'identifier' && parsed.text(fn) === 'reduce' && ctx.inScope(call);
    });
    if (uses.length === 0 || definesName(parsed, 'reduce')) return [];
    return [insertAtCellTop(parsed, 'from functools import reduce')];
  },
});

const DICT_ITERATORS: Record<string, string> = { iteritems: 'items', itervalues: 'values', iterkeys: 'keys' };
const DICT_VIEWS: Record<string, string> = { viewitems: 'items', viewvalues: 'values', viewkeys: 'keys' };
/** Builtins that only iterate over their single argument: an iterator and a view give them the same thing. */
const ITERATING_CALLS = new Set([
  'list',
  'sorted',
  'set',
  'frozenset',
  'tuple',
  'dict',
  'sum',
  'min',
  'max',
  'any',
  'all',
  'enumerate',
  'zip',
  'map',
  'filter',
  'join',
  'extend',
  'update',
  'OrderedDict',
  'Counter',
  'deque',
]);

/** Is the call's value only iterated (a for loop, a comprehension, `in`, list(…), ', '.join(…))? */
function onlyIterated(call: Node, parsed: ParsedSource): boolean {
  const parent = call.parent;
  if (!parent) return false;
  const isRight = parent.childForFieldName('right')?.startIndex === call.startIndex;
  if ((parent.type === 'for_statement' || parent.type === 'for_in_clause') && isRight) return true;
  if (
    parent.type === 'comparison_operator' &&
    parent.children.some((c) => c.type === 'in' || c.type === 'not in') &&
    parent.namedChildren.at(-1)?.startIndex === call.startIndex
  )
    return true;
  if (parent.type === 'argument_list') {
    const fn = parent.parent?.childForFieldName('function');
    const name = fn ? parsed.text(fn).split('.').pop() : '';
    if (!name || !ITERATING_CALLS.has(name)) return false;
    // the iterated argument: any of zip's, map/filter's after the function, the first of the others
    const index = parent.namedChildren.findIndex((a) => a.startIndex === call.startIndex);
    return name === 'zip' || (name === 'map' || name === 'filter' ? index >= 1 : index === 0);
  }
  return false;
}

const dictIterators = defineRule({
  id: 'py2.dict-iterators',
  title:
    '.iteritems() / .itervalues() / .iterkeys() → .items() / .values() / .keys() (iter(…) where an iterator is needed); .viewitems() … → .items() …',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 dicts have no iteritems/itervalues/iterkeys; items/values/keys return views that iterate the same way (pandas also removed Series/DataFrame.iteritems in 2.0 in favour of .items()). Where the result is only iterated (a loop, a comprehension, list(…), `in`) the view is used as is; elsewhere it is wrapped in iter(…), because a view is not the iterator Python 2 returned: next(it) fails on a view and an empty view is false where Python 2's iterator was always true. viewitems/viewvalues/viewkeys were Python 2.7's names for the views themselves.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /has no attribute '(iteritems|itervalues|iterkeys|viewitems|viewvalues|viewkeys)'/,
      },
    ],
    pattern: true,
  },
  needles: [...Object.keys(DICT_ITERATORS), ...Object.keys(DICT_VIEWS)],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (
        !name ||
        !(name in DICT_ITERATORS || name in DICT_VIEWS) ||
        callArguments(call).length > 0 ||
        !ctx.inScope(call)
      )
        continue;
      const attr = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!attr) continue;
      edits.push(replaceNode(attr, (DICT_ITERATORS[name] ?? DICT_VIEWS[name]) as string));
      if (name in DICT_ITERATORS && !onlyIterated(call, parsed))
        edits.push(insertAt(call.startIndex, 'iter('), insertAt(call.endIndex, ')'));
    }
    return edits;
  },
});

const hasKey = defineRule({
  id: 'py2.has-key',
  title: 'd.has_key(k) → k in d',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 dicts have no has_key(); `k in d` is the same test.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'has_key'/ }], pattern: true },
  needles: ['has_key'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'has_key' || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call);
      const args = positionalArguments(call);
      if (!receiver || args.length !== 1 || callArguments(call).length !== 1) continue;
      const test = `${asOperand(args[0] as Node, parsed)} in ${asOperand(receiver, parsed)}`;
      const parent = call.parent?.type ?? '';
      const bare = [
        'expression_statement',
        'if_statement',
        'elif_clause',
        'while_statement',
        'assignment',
        'return_statement',
        'parenthesized_expression',
        'argument_list',
        'assert_statement',
      ].includes(parent);
      edits.push(replaceNode(call, bare ? test : `(${test})`));
    }
    return edits;
  },
});

const dictViewIndexing = defineRule({
  id: 'py2.dict-view-indexing',
  title: 'd.keys()[i] → list(d.keys())[i], a.items() + b.items() → list(…) + list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 3 keys()/values()/items() return views that cannot be indexed or concatenated; wrapping them in list() gives the Python 2 list.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'dict_(keys|values|items)' object is not subscriptable|unsupported operand type\(s\) for \+: 'dict_(keys|values|items)'/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['keys()', 'values()', 'items()'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const isView = (node: Node | null): node is Node =>
      !!node &&
      node.type === 'call' &&
      ['keys', 'values', 'items'].includes(methodName(node, parsed) ?? '') &&
      callArguments(node).length === 0;
    for (const op of parsed.nodes('binary_operator')) {
      if (op.childForFieldName('operator')?.type !== '+' || !ctx.inScope(op)) continue;
      for (const side of [op.childForFieldName('left'), op.childForFieldName('right')])
        if (isView(side)) edits.push(replaceNode(side, `list(${parsed.text(side)})`));
    }
    for (const subscript of parsed.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (!value || value.type !== 'call' || !ctx.inScope(subscript)) continue;
      const name = methodName(value, parsed);
      if (!name || !['keys', 'values', 'items'].includes(name) || callArguments(value).length > 0) continue;
      edits.push(replaceNode(value, `list(${parsed.text(value)})`));
    }
    return edits;
  },
});

const INT_CONTEXT_CALLS = new Set([
  'range',
  'xrange',
  'randint',
  'zeros',
  'ones',
  'empty',
  'reshape',
  'sample',
  'choice',
  'arange',
  'repeat',
  'tile',
  'int',
]);

const integerDivision = defineRule({
  id: 'py2.integer-division',
  title: 'a / b → a // b where an integer is required',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 2, / between integers was floor division; in Python 3 it returns a float, which range(), slicing and indexing reject. The rule uses // on the failing line, inside range()/sizes and indexes only.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'float' object cannot be interpreted as an integer|slice indices must be integers|indices must be integers|only integer scalar arrays|must be int|'float' object is not iterable|integer argument expected, got float/,
      },
      { ename: 'IndexError', evalue: /only integers, slices/ },
      { ename: 'ValueError', evalue: /invalid literal for int\(\)|expected an integer|must be an integer/ },
    ],
  },
  errorScope: 'line',
  needles: ['/'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const op of parsed.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/' || !ctx.inScope(op)) continue;
      let inIntegerContext = false;
      for (
        let p: Node | null = op.parent;
        p && !['expression_statement', 'block', 'module'].includes(p.type);
        p = p.parent
      ) {
        if (p.type === 'slice' || (p.type === 'subscript' && !p.childForFieldName('value')?.equals(op)))
          inIntegerContext = true;
        if (p.type === 'call') {
          const fn = p.childForFieldName('function');
          const name = fn ? parsed.text(fn).split('.').pop() : '';
          if (name && INT_CONTEXT_CALLS.has(name)) inIntegerContext = true;
        }
        if (inIntegerContext) break;
      }
      if (inIntegerContext) edits.push({ start: operator.startIndex, end: operator.endIndex, text: '//' });
    }
    return edits;
  },
});

const STRING_CONSTANTS: Record<string, string> = {
  letters: 'ascii_letters',
  lowercase: 'ascii_lowercase',
  uppercase: 'ascii_uppercase',
};
/** string-module functions that are str methods in Python 3: string.f(s, …) → s.f(…) */
const STRING_METHODS = new Set([
  'lower',
  'upper',
  'strip',
  'lstrip',
  'rstrip',
  'split',
  'rsplit',
  'replace',
  'find',
  'rfind',
  'count',
  'capitalize',
  'swapcase',
  'zfill',
  'ljust',
  'rjust',
  'center',
  'expandtabs',
  'translate',
]);
const STRING_CONVERSIONS: Record<string, string> = { atoi: 'int', atof: 'float', atol: 'int' };

const stringModule = defineRule({
  id: 'py2.string-module',
  title:
    'string.letters/lowercase/uppercase/maketrans, string.join/lower/split/atoi … → Python 3 names and str methods',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 removed the locale-dependent string.letters/lowercase/uppercase (use ascii_*), moved maketrans to str.maketrans, and dropped the string module's copies of str methods: string.join(words, sep) → sep.join(words), string.lower(s) → s.lower(), string.atoi(s) → int(s).",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'string' has no attribute '\w+'/ }], pattern: true },
  needles: ['string.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr)) continue;
      const qualified = ctx.imports.resolve(attr, parsed);
      if (!qualified?.startsWith('string.')) continue;
      const name = qualified.slice('string.'.length);
      const nameNode = attr.childForFieldName('attribute');
      if (!nameNode) continue;
      if (name in STRING_CONSTANTS) edits.push(replaceNode(nameNode, STRING_CONSTANTS[name] as string));
      else if (name === 'maketrans') edits.push(replaceNode(attr, 'str.maketrans'));
    }
    // string.join(words, ' ') → ' '.join(words); string.lower(s) → s.lower(); string.atoi(s) → int(s)
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const qualified = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!qualified?.startsWith('string.') || callArguments(call).length !== positionalArguments(call).length)
        continue;
      const name = qualified.slice('string.'.length);
      const args = positionalArguments(call).map((a) => a);
      const first = args[0];
      if (!first) continue;
      const rest = args
        .slice(1)
        .map((a) => parsed.text(a))
        .join(', ');
      if (name === 'join' && args.length <= 2)
        edits.push(replaceNode(call, `${args[1] ? asPrimary(args[1], parsed) : "' '"}.join(${parsed.text(first)})`));
      else if (STRING_METHODS.has(name)) edits.push(replaceNode(call, `${asPrimary(first, parsed)}.${name}(${rest})`));
      else if (name in STRING_CONVERSIONS && args.length === 1)
        edits.push(replaceNode(call, `${STRING_CONVERSIONS[name] as string}(${parsed.text(first)})`));
    }
    return edits;
  },
});

const STDLIB_MOVES: ModuleMove[] = [
  { from: 'cPickle', to: 'pickle' },
  { from: 'cStringIO', to: 'io' },
  { from: 'StringIO', to: 'io' },
  { from: 'Queue', to: 'queue' },
  { from: 'ConfigParser', to: 'configparser' },
  { from: 'HTMLParser', to: 'html.parser' },
  { from: 'urlparse', to: 'urllib.parse' },
  { from: 'httplib', to: 'http.client' },
  { from: 'cookielib', to: 'http.cookiejar' },
  { from: 'Tkinter', to: 'tkinter' },
  { from: '__builtin__', to: 'builtins' },
  { from: 'robotparser', to: 'urllib.robotparser' },
  { from: 'htmlentitydefs', to: 'html.entities' },
  { from: 'SocketServer', to: 'socketserver' },
  { from: 'BaseHTTPServer', to: 'http.server' },
  { from: 'SimpleHTTPServer', to: 'http.server' },
  { from: 'xmlrpclib', to: 'xmlrpc.client' },
  { from: 'copy_reg', to: 'copyreg' },
  { from: 'Cookie', to: 'http.cookies' },
  { from: 'tkMessageBox', to: 'tkinter.messagebox' },
  { from: 'anydbm', to: 'dbm' },
  {
    from: 'urllib2',
    to: 'urllib.request',
    names: { HTTPError: { module: 'urllib.error' }, URLError: { module: 'urllib.error' } },
  },
  {
    from: 'urllib',
    names: {
      urlopen: { module: 'urllib.request' },
      urlretrieve: { module: 'urllib.request' },
      urlencode: { module: 'urllib.parse' },
      quote: { module: 'urllib.parse' },
      quote_plus: { module: 'urllib.parse' },
      unquote: { module: 'urllib.parse' },
      unquote_plus: { module: 'urllib.parse' },
      splitquery: { module: 'urllib.parse' },
      pathname2url: { module: 'urllib.request' },
      url2pathname: { module: 'urllib.request' },
      urlcleanup: { module: 'urllib.request' },
      getproxies: { module: 'urllib.request' },
      ContentTooShortError: { module: 'urllib.error' },
    },
  },
  {
    from: 'itertools',
    names: {
      izip: { module: 'builtins', name: 'zip' },
      imap: { module: 'builtins', name: 'map' },
      ifilter: { module: 'builtins', name: 'filter' },
      izip_longest: { name: 'zip_longest' },
      ifilterfalse: { name: 'filterfalse' },
    },
  },
];

const PY2_URLLIB_FUNCTIONS =
  'urlopen|urlretrieve|urlencode|quote|quote_plus|unquote|unquote_plus|splitquery|pathname2url|url2pathname|urlcleanup|getproxies|ContentTooShortError';
const PY2_URLLIB_USE = new RegExp(`\\burllib\\.(${PY2_URLLIB_FUNCTIONS})\\b`);

const stdlibModules = defineRule({
  id: 'py2.stdlib-modules',
  title: 'Python 2 standard-library modules → their Python 3 names',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 renamed these modules (cPickle → pickle, StringIO/cStringIO → io, Queue → queue, ConfigParser → configparser, urlparse → urllib.parse, urllib2 → urllib.request, urllib.urlopen/urlencode/quote → urllib.request/urllib.parse, …) and itertools.izip/imap/ifilter became the builtins zip/map/filter. Imports are rewritten so the names the notebook uses stay bound.',
  trigger: {
    errors: [
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(
          `No module named '(${STDLIB_MOVES.filter((m) => m.to)
            .map((m) => m.from)
            .join('|')})'`,
        ),
      },
      { ename: 'AttributeError', evalue: new RegExp(`module 'urllib' has no attribute '(${PY2_URLLIB_FUNCTIONS})'`) },
      { ename: 'ImportError', evalue: new RegExp(`cannot import name '(${PY2_URLLIB_FUNCTIONS})' from 'urllib'`) },
      { ename: 'ImportError', evalue: /cannot import name '(izip|imap|ifilter|izip_longest|ifilterfalse)'/ },
    ],
    pattern: true,
  },
  needles: [...moveNeedles(STDLIB_MOVES), 'import urllib'],
  apply(parsed, ctx) {
    const edits = STDLIB_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    // `import urllib` does not load the urllib.request/urllib.parse submodules the moved functions live in
    const usesPy2Urllib = ctx.notebook.codeCells.some((i) => PY2_URLLIB_USE.test(ctx.notebook.source(i)));
    if (usesPy2Urllib) {
      for (const statement of parsed.nodes('import_statement')) {
        const items = statement.childrenForFieldName('name');
        const only = items[0];
        if (
          items.length === 1 &&
          only?.type === 'dotted_name' &&
          parsed.text(only) === 'urllib' &&
          ctx.inScope(statement)
        )
          edits.push(replaceNode(only, 'urllib.request, urllib.parse'));
      }
    }
    return edits;
  },
});

const SYS_PATH_COMMENT = '# Python 2 package: its modules import each other without the package prefix';

const implicitRelativeImport = defineRule({
  id: 'py2.implicit-relative-import',
  title: "Python 2 package with implicit relative imports (No module named '<sibling>')",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "A helper package written for Python 2 imports its own modules as `import predict` instead of `from . import predict`; Python 3 looks for a top-level module and fails. The rule puts the package's folder on sys.path before the notebook imports it, so those imports resolve; the helper's files are not changed.",
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named '[\w.]+'/ },
      { ename: 'ImportError', evalue: /No module named / },
    ],
  },
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const error of ctx.errors) {
      const missing = /No module named '?([\w.]+)'?/.exec(error.evalue)?.[1]?.split('.')[0];
      if (!missing) continue;
      const frames = error.traceback.join('\n').replace(/\u001b\[[0-9;]*m/g, '');
      // the frame that failed is a package's __init__.py (or a module inside a package folder)
      let initFile = [...frames.matchAll(/File\s+"?([^\s":]+?)\/__init__\.py/g)].map((m) => m[1] as string).at(-1);
      // no traceback: a package folder the case provides that holds the missing module as a sibling
      initFile ??= Object.keys(ctx.case?.files ?? {})
        .filter((key) => key.endsWith(`/${missing}.py`))
        .map((key) => key.slice(0, -`/${missing}.py`.length))
        .find((dir) =>
          new RegExp(`^\\s*(from|import)\\s+${dir.split('/').pop() as string}\\b`, 'm').test(parsed.source),
        );
      if (!initFile) continue;
      const packageName = initFile.split('/').pop() as string;
      const imports = [...parsed.nodes('import_from_statement'), ...parsed.nodes('import_statement')].filter(
        (statement) => {
          const text = parsed.text(statement);
          return new RegExp(`^(from|import)\\s+${packageName}\\b`).test(text);
        },
      );
      const first = imports[0];
      if (!first) continue;
      // prefer the working-dir-relative folder the case provides; else the folder the traceback names
      const relative = Object.keys(ctx.case?.files ?? {}).find(
        (key) => key.endsWith(`${packageName}/${missing}.py`) || key.endsWith(`${packageName}/${missing}/__init__.py`),
      );
      const folder = relative
        ? relative.slice(0, relative.lastIndexOf(`${packageName}/`) + packageName.length)
        : initFile;
      const line = `import sys; sys.path.insert(0, ${JSON.stringify(folder).replace(/^"|"$/g, "'")})  ${SYS_PATH_COMMENT}`;
      if (parsed.source.includes(`sys.path.insert(0, '${folder}')`)) continue;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      edits.push(insertAt(first.startIndex - indent.length, `${indent}${line}\n`));
    }
    return edits;
  },
});

const HELPER_BUILTINS: Record<string, string> = {
  xrange: 'range',
  unicode: 'str',
  basestring: 'str',
  raw_input: 'input',
  unichr: 'chr',
  long: 'int',
};

const helperModuleBuiltins = defineRule({
  id: 'py2.helper-module-builtins',
  title: 'Python 2 builtins used inside a helper module the notebook imports',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'The failing code is in a helper file the notebook imports (not in the notebook), and it uses a Python 2 builtin. The rule defines that builtin for the session (e.g. builtins.xrange = range) at the top of the failing cell, leaving the helper file untouched.',
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(xrange|unicode|basestring|raw_input|unichr|long)' is not defined/ }],
  },
  apply(parsed, ctx) {
    const names = new Set<string>();
    for (const error of ctx.errors) {
      const name = /name '(\w+)'/.exec(error.evalue)?.[1];
      const frames = error.traceback.map((f) => f.replace(/\u001b\[[0-9;]*m/g, ''));
      const last =
        frames.filter((f) => /File\s+\S+\.py|\.py:\d+/.test(f) || /Cell In\[|ipython-input/.test(f)).at(-1) ?? '';
      if (name && name in HELPER_BUILTINS && /\.py\b/.test(last) && !/Cell In\[|ipython-input/.test(last))
        names.add(name);
    }
    const missing = [...names].filter((name) => !parsed.source.includes(`builtins.${name} =`));
    if (missing.length === 0) return [];
    const assignments = missing.map((name) => `builtins.${name} = ${HELPER_BUILTINS[name]}`).join('; ');
    return [insertAtCellTop(parsed, `import builtins; ${assignments}  # Python 2 helper module`)];
  },
});

const ITERATOR_BUILTINS = ['map', 'filter', 'zip'];

/** Is the node an operand of `+` (list concatenation in Python 2)? */
function concatenated(node: Node): boolean {
  const parent = node.parent;
  return (
    parent?.type === 'binary_operator' &&
    parent.childForFieldName('operator')?.type === '+' &&
    (parent.childForFieldName('left')?.startIndex === node.startIndex ||
      parent.childForFieldName('right')?.startIndex === node.startIndex)
  );
}

const iteratorBuiltins = defineRule({
  id: 'py2.iterator-builtins',
  title: 'map(…)[0], len(filter(…)), zip(…)[i], filter(…) + […], range(n) + […] → list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 3 map(), filter() and zip() return iterators and range() a range object; in Python 2 they returned lists. Where the result is used as a list — indexed, sliced, passed to len() (map/filter/zip), or concatenated with + (all four) — it is wrapped in list(). Other uses (a for loop, sorted(), sum()) work on the iterator and are left alone.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'(map|filter|zip)' object (is not subscriptable|has no len)|object of type '(map|filter|zip)' has no len|unsupported operand type\(s\) for \+: '(map|filter|zip|range)'|unsupported operand type\(s\) for \+: '\w+' and '(map|filter|zip|range)'|can only concatenate list \(not "(map|filter|zip|range)"\)/,
      },
    ],
    pattern: true,
  },
  needles: [/(^|[^.\w])(map|filter|zip)\(/m, /(^|[^.\w])range\([^\n]*\+|\+[^\n]*(^|[^.\w])range\(/m],
  prepare(notebook) {
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of [...ITERATOR_BUILTINS, 'range'])
        if (mayDefine(source, name) && definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? parsed.text(fn) : '';
      if (!(ITERATOR_BUILTINS.includes(name) || name === 'range') || defined.has(name) || !ctx.inScope(call)) continue;
      const parent = call.parent;
      const indexed = parent?.type === 'subscript' && parent.childForFieldName('value')?.startIndex === call.startIndex;
      const measured =
        parent?.type === 'argument_list' &&
        parent.namedChildCount === 1 &&
        parsed.text(parent.parent?.childForFieldName('function') as Node) === 'len';
      // range objects can be indexed and measured in Python 3; only their concatenation fails
      if (name === 'range' ? concatenated(call) : indexed || measured || concatenated(call))
        edits.push(replaceNode(call, `list(${parsed.text(call)})`));
    }
    return edits;
  },
});

/** The Python 3 type an error names ('map', 'dict_keys', 'range') → the calls that produce it. */
const LAZY_TYPES: Record<string, (call: Node, parsed: ParsedSource) => boolean> = {
  map: (call, parsed) => builtinCall(call, parsed, 'map'),
  filter: (call, parsed) => builtinCall(call, parsed, 'filter'),
  zip: (call, parsed) => builtinCall(call, parsed, 'zip'),
  range: (call, parsed) => builtinCall(call, parsed, 'range'),
  dict_keys: (call, parsed) => viewCall(call, parsed, 'keys'),
  dict_values: (call, parsed) => viewCall(call, parsed, 'values'),
  dict_items: (call, parsed) => viewCall(call, parsed, 'items'),
};

function builtinCall(call: Node, parsed: ParsedSource, name: string): boolean {
  const fn = call.childForFieldName('function');
  return fn?.type === 'identifier' && parsed.text(fn) === name;
}

function viewCall(call: Node, parsed: ParsedSource, name: string): boolean {
  return methodName(call, parsed) === name && callArguments(call).length === 0;
}

/** List methods Python 2 code calls on those results (range and the views lack all of them in Python 3). */
const LIST_METHODS = new Set(['sort', 'append', 'extend', 'remove', 'insert', 'pop', 'reverse', 'index', 'count']);

const LAZY_TYPE_NAMES = '(map|filter|zip|range|dict_keys|dict_values|dict_items)';
const LIST_USE_ERRORS = new RegExp(
  [
    `'${LAZY_TYPE_NAMES}' object is not subscriptable`,
    `object of type '${LAZY_TYPE_NAMES}' has no len`,
    `'${LAZY_TYPE_NAMES}' object has no len`,
    `unsupported operand type\\(s\\) for \\+: '${LAZY_TYPE_NAMES}'`,
    `unsupported operand type\\(s\\) for \\+: '\\w+' and '${LAZY_TYPE_NAMES}'`,
    `can only concatenate list \\(not "${LAZY_TYPE_NAMES}"\\)`,
    `'${LAZY_TYPE_NAMES}' object does not support item assignment`,
    `'${LAZY_TYPE_NAMES}' object has no attribute '(sort|append|extend|remove|insert|pop|reverse|index|count)'`,
  ].join('|'),
);

/**
 * `ks = d.keys()` … `ks.sort()`, `evens = filter(f, xs)` … `evens[0]`, `r = range(n)` … `r.remove(3)`: the
 * variable held a list in Python 2. On the error that names the lazy type, its assignment in the same cell gets
 * list(…) — when the variable is assigned exactly once there, from such a call, before the failing use.
 */
const listValuedVariables = defineRule({
  id: 'py2.list-valued-variables',
  title: 'x = filter(…) / d.keys() / range(n), then x used as a list → x = list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 2 map(), filter(), zip(), range() and dict.keys()/values()/items() returned lists; in Python 3 they return iterators, range objects and views, which have no sort()/append()/remove(), cannot be concatenated, and (map/filter/zip, views) cannot be indexed or measured. When the error names that type and the failing line uses a variable assigned once in the same cell from such a call, the assignment is wrapped in list(), which is the Python 2 value. Variables assigned in other cells or more than once are left alone.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: LIST_USE_ERRORS },
      { ename: 'AttributeError', evalue: LIST_USE_ERRORS },
    ],
  },
  needles: ['='],
  prepare(notebook) {
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of [...ITERATOR_BUILTINS, 'range'])
        if (mayDefine(source, name) && definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const types = new Set<string>();
    for (const error of ctx.errors)
      for (const m of error.evalue.matchAll(
        /'(map|filter|zip|range|dict_keys|dict_values|dict_items)'|"(map|filter|zip|range)"/g,
      ))
        types.add((m[1] ?? m[2]) as string);
    const failing = errorLines(ctx, parsed.source);
    if (types.size === 0 || failing.size === 0) return [];
    const lineOf = (node: Node): string => {
      const start = parsed.source.lastIndexOf('\n', node.startIndex - 1) + 1;
      const end = parsed.source.indexOf('\n', node.startIndex);
      return parsed.source.slice(start, end === -1 ? undefined : end).trim();
    };
    // name → its assignments in the cell
    const assignments = new Map<string, Node[]>();
    for (const assignment of parsed.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      if (left?.type === 'identifier')
        assignments.set(parsed.text(left), [...(assignments.get(parsed.text(left)) ?? []), assignment]);
      else if (left)
        for (const id of left.descendantsOfType('identifier'))
          if (id)
            assignments.set(parsed.text(id), [...(assignments.get(parsed.text(id)) ?? []), assignment, assignment]);
    }
    for (const loop of [...parsed.nodes('for_statement'), ...parsed.nodes('augmented_assignment')]) {
      const left = loop.childForFieldName('left');
      if (left)
        for (const id of left.type === 'identifier' ? [left] : left.descendantsOfType('identifier'))
          if (id) assignments.set(parsed.text(id), [...(assignments.get(parsed.text(id)) ?? []), loop, loop]);
    }
    const edits: SourceEdit[] = [];
    const done = new Set<string>();
    for (const id of parsed.nodes('identifier')) {
      const name = parsed.text(id);
      if (done.has(name) || !failing.has(lineOf(id))) continue;
      const parent = id.parent;
      if (!parent) continue;
      const listUse =
        (parent.type === 'subscript' && parent.childForFieldName('value')?.startIndex === id.startIndex) ||
        (parent.type === 'attribute' &&
          parent.childForFieldName('object')?.startIndex === id.startIndex &&
          LIST_METHODS.has(parsed.text(parent.childForFieldName('attribute') as Node))) ||
        concatenated(id) ||
        (parent.type === 'argument_list' &&
          parent.namedChildCount === 1 &&
          parsed.text(parent.parent?.childForFieldName('function') as Node) === 'len');
      if (!listUse) continue;
      const assigned = assignments.get(name) ?? [];
      const only = assigned.length === 1 ? assigned[0] : undefined;
      const right = only?.childForFieldName('right');
      if (
        !only ||
        !right ||
        right.type !== 'call' ||
        only.endIndex > id.startIndex ||
        only.parent?.type !== 'expression_statement'
      )
        continue;
      const kind = [...types].find((t) => LAZY_TYPES[t]?.(right, parsed));
      if (!kind || defined.has(kind)) continue;
      done.add(name);
      edits.push(replaceNode(right, `list(${parsed.text(right)})`));
    }
    return edits;
  },
});

const sortCmp = defineRule({
  id: 'py2.sort-cmp',
  title: 'sorted(x, cmp=f) / x.sort(cmp=f) → key=functools.cmp_to_key(f)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed the cmp argument of sorted() and list.sort(); functools.cmp_to_key turns the same comparison function into a key, so the order is unchanged.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /'cmp' is an invalid keyword argument|unexpected keyword argument 'cmp'/ }],
    pattern: true,
  },
  needles: ['cmp='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || !ctx.inScope(call) || !(parsed.text(fn) === 'sorted' || methodName(call, parsed) === 'sort')) continue;
      const cmp = keywordArgument(call, 'cmp', parsed);
      const value = cmp?.childForFieldName('value');
      if (!cmp || !value || keywordArgument(call, 'key', parsed)) continue;
      edits.push(replaceNode(cmp, `key=functools.cmp_to_key(${parsed.text(value)})`));
    }
    if (edits.length > 0 && ctx.imports.bindings.get('functools') !== 'functools')
      edits.push(insertAtCellTop(parsed, 'import functools'));
    return edits;
  },
});

const notEqual = defineRule({
  id: 'py2.not-equal-operator',
  title: 'a <> b → a != b',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: 'Python 3 removed the <> spelling of "not equal"; != is the same comparison.',
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: ['<>'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const comparison of parsed.nodes('comparison_operator')) {
      if (!ctx.inScope(comparison)) continue;
      for (const child of comparison.children) if (child.type === '<>') edits.push(replaceNode(child, '!='));
    }
    return edits;
  },
});

const sysNames = defineRule({
  id: 'py2.sys-names',
  title: 'sys.maxint → sys.maxsize; reload(sys); sys.setdefaultencoding(…) removed; reload(m) → importlib.reload(m)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 has no sys.maxint (sys.maxsize is the largest index, what notebooks use it for), no sys.setdefaultencoding (text is Unicode already: the `reload(sys); sys.setdefaultencoding('utf8')` idiom is dropped), and reload moved to importlib.",
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'sys' has no attribute '(maxint|setdefaultencoding)'/ },
      { ename: 'NameError', evalue: /name 'reload' is not defined/ },
    ],
    pattern: true,
  },
  needles: ['maxint', 'setdefaultencoding', 'reload('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let importlib = false;
    for (const attr of parsed.nodes('attribute')) {
      if (ctx.inScope(attr) && ctx.imports.resolve(attr, parsed) === 'sys.maxint')
        edits.push(replaceNode(attr.childForFieldName('attribute') as Node, 'maxsize'));
    }
    const dropsEncoding = parsed
      .nodes('call')
      .some((c) => ctx.imports.resolve(c.childForFieldName('function'), parsed) === 'sys.setdefaultencoding');
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || call.parent?.type !== 'expression_statement') continue;
      const fn = call.childForFieldName('function');
      const args = positionalArguments(call);
      const statement = call.parent;
      if (ctx.imports.resolve(fn, parsed) === 'sys.setdefaultencoding') {
        edits.push(replaceNode(statement, `pass  # ${parsed.text(call)}: Python 3 strings are Unicode`));
      } else if (
        fn?.type === 'identifier' &&
        parsed.text(fn) === 'reload' &&
        args.length === 1 &&
        !ctx.imports.bindings.has('reload')
      ) {
        if (dropsEncoding && parsed.text(args[0] as Node) === 'sys')
          edits.push(replaceNode(statement, `pass  # ${parsed.text(call)}: not needed in Python 3`));
        else {
          edits.push(replaceNode(fn, 'importlib.reload'));
          importlib = true;
        }
      }
    }
    if (importlib && ctx.imports.bindings.get('importlib') !== 'importlib')
      edits.push(insertAtCellTop(parsed, 'import importlib'));
    return edits;
  },
});

const nextMethod = defineRule({
  id: 'py2.next-method',
  title: 'it.next() → next(it)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 iterators have __next__ instead of next(); the builtin next(it) advances them. Applied on the failing line (other objects may have a next method of their own). Where the notebook defines or assigns a `next` of its own, the builtin is not what `next` means there: the call becomes it.__next__(), which is what the builtin calls.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'next'/ }] },
  errorScope: 'line',
  needles: ['.next()'],
  prepare(notebook) {
    // a notebook that binds `next` itself (a function, a variable, a loop target, an import) shadows the builtin
    return notebook.codeCells.some(
      (i) => mayDefine(notebook.source(i), 'next') && definesName(notebook.parse(i), 'next'),
    );
  },
  apply(parsed, ctx) {
    const shadowed = ctx.state === true;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = methodReceiver(call);
      if (methodName(call, parsed) !== 'next' || callArguments(call).length > 0 || !receiver || !ctx.inScope(call))
        continue;
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (shadowed) {
        if (attribute) edits.push(replaceNode(attribute, '__next__'));
      } else edits.push(replaceNode(call, `next(${parsed.text(receiver)})`));
    }
    return edits;
  },
});

/** Identifiers in `body` that read one of `names` (not attribute names, keyword names or inner definitions). */
function nameReads(body: Node, names: readonly string[], parsed: ParsedSource): Node[] {
  return body
    .descendantsOfType('identifier')
    .filter(
      (id): id is Node =>
        !!id && names.includes(parsed.text(id)) && isNameUse(id) && id.parent?.type !== 'lambda_parameters',
    );
}

/** `(x)` — a parenthesized name, not a tuple (no comma): Python 2 read it as the plain parameter x. */
function isParenthesizedName(pattern: Node): boolean {
  return (
    pattern.namedChildCount === 1 &&
    pattern.namedChildren[0]?.type === 'identifier' &&
    !pattern.children.some((c) => c.type === ',')
  );
}

/** The names of a (nested) tuple parameter with their index paths: (k, (a, b)) → k [0], a [1][0], b [1][1]. */
function tupleNames(pattern: Node, parsed: ParsedSource, path = ''): { name: string; path: string }[] | null {
  const out: { name: string; path: string }[] = [];
  for (const [i, item] of pattern.namedChildren.entries()) {
    if (item.type === 'identifier') out.push({ name: parsed.text(item), path: `${path}[${i}]` });
    else if (item.type === 'tuple_pattern' && !isParenthesizedName(item)) {
      const inner = tupleNames(item, parsed, `${path}[${i}]`);
      if (!inner) return null;
      out.push(...inner);
    } else if (item.type === 'tuple_pattern')
      out.push({ name: parsed.text(item.namedChildren[0] as Node), path: `${path}[${i}]` });
    else return null;
  }
  return out;
}

const tupleParameters = defineRule({
  id: 'py2.tuple-parameters',
  title: 'lambda (k, v): v → lambda k_v: k_v[1]; lambda (x): x → lambda x: x; def f((a, b)): → unpacked in the body',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed tuple parameters (PEP 3113). A lambda takes the tuple as one parameter and indexes it (nested tuples by nested indexes); a function unpacks it on the first line of its body. A merely parenthesized single parameter, `lambda (x): x + 1`, was never a tuple: the parentheses are dropped. Same values.',
  trigger: {
    errors: [
      {
        ename: 'SyntaxError',
        evalue: /invalid syntax|Lambda expression parameters cannot be parenthesized|cannot be parenthesized/,
      },
    ],
    pattern: true,
  },
  needles: [/lambda\s*\(|def\s+\w+\s*\([^)]*\(/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const pattern of parsed.nodes('tuple_pattern')) {
      const params = pattern.parent;
      if (!params || !ctx.inScope(pattern) || !['lambda_parameters', 'parameters'].includes(params.type)) continue;
      if (isParenthesizedName(pattern)) {
        edits.push(replaceNode(pattern, parsed.text(pattern.namedChildren[0] as Node)));
        continue;
      }
      const items = tupleNames(pattern, parsed);
      if (!items || items.length === 0) continue;
      const names = items.map((i) => i.name);
      const joined = names.join('_');
      const owner = params.parent;
      const body = owner?.childForFieldName('body');
      if (!owner || !body) continue;
      if (owner.type === 'lambda') {
        edits.push(replaceNode(pattern, joined));
        for (const id of nameReads(body, names, parsed))
          edits.push(replaceNode(id, `${joined}${items[names.indexOf(parsed.text(id))]?.path ?? ''}`));
      } else if (body.type === 'block') {
        const first = body.namedChildren[0];
        if (!first) continue;
        const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
        if (/\S/.test(indent)) continue;
        // Python 3 unpacks nested tuples in an assignment: `(a, (b, c)) = a_b_c`
        const flat = pattern.namedChildren.every((i) => i.type === 'identifier');
        const target = flat ? names.join(', ') : parsed.text(pattern).replace(/\s+/g, ' ');
        edits.push(replaceNode(pattern, joined), insertAt(first.startIndex, `${target} = ${joined}\n${indent}`));
      }
    }
    return edits;
  },
});

const CERTAIN_INT_CALLS = new Set(['len', 'int', 'round']);

/** An expression that is an integer in Python 2 and 3 alike: a literal, len(…), int(…), x.shape[i], x.size. */
function certainlyInteger(node: Node | null, parsed: ParsedSource): boolean {
  if (!node) return false;
  if (node.type === 'integer') return true;
  if (node.type === 'parenthesized_expression') return certainlyInteger(node.namedChildren[0] ?? null, parsed);
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    return (
      fn?.type === 'identifier' &&
      CERTAIN_INT_CALLS.has(parsed.text(fn)) &&
      (parsed.text(fn) !== 'round' || positionalArguments(node).length === 1)
    );
  }
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    return (
      value?.type === 'attribute' &&
      parsed.text(value.childForFieldName('attribute') as Node) === 'shape' &&
      node.childForFieldName('subscript')?.type === 'integer'
    );
  }
  if (node.type === 'binary_operator') {
    const op = node.childForFieldName('operator')?.type;
    return (
      ['+', '-', '*', '//', '%'].includes(op ?? '') &&
      certainlyInteger(node.childForFieldName('left'), parsed) &&
      certainlyInteger(node.childForFieldName('right'), parsed)
    );
  }
  return false;
}

const SIZE_CALLS = new Set([
  'range',
  'xrange',
  'randint',
  'zeros',
  'ones',
  'empty',
  'reshape',
  'sample',
  'arange',
  'repeat',
  'tile',
  'head',
  'tail',
  'nlargest',
  'nsmallest',
]);

const integerSizes = defineRule({
  id: 'py2.integer-division-sizes',
  title: 'range(len(x)/2), x[:n/2] → // where both sides are integers',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's / between integers was floor division. Where both operands are certainly integers (literals, len(…), int(…), x.shape[i]) and the result is a size or an index (range(), slices, subscripts, reshape/zeros/head …), the Python 2 meaning was //, and Python 3's float would be rejected there.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'float' object cannot be interpreted as an integer|slice indices must be integers|indices must be integers/,
      },
    ],
    pattern: true,
  },
  // the left operand of a certain integer ends in `)` (len(x)), `]` (x.shape[0]) or a digit
  needles: [/[)\]\d]\s*\/(?![/=])/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const op of parsed.nodes('binary_operator')) {
      const operator = op.childForFieldName('operator');
      if (!operator || operator.type !== '/' || !ctx.inScope(op)) continue;
      if (
        !certainlyInteger(op.childForFieldName('left'), parsed) ||
        !certainlyInteger(op.childForFieldName('right'), parsed)
      )
        continue;
      let sized = false;
      for (
        let p: Node | null = op.parent, child: Node = op;
        p && !['expression_statement', 'block', 'module'].includes(p.type);
        child = p, p = p.parent
      ) {
        if (p.type === 'slice') sized = true;
        else if (p.type === 'subscript' && p.childForFieldName('value')?.startIndex !== child.startIndex) sized = true;
        else if (p.type === 'argument_list' && p.parent?.type === 'call') {
          const fn = p.parent.childForFieldName('function');
          const name = fn ? parsed.text(fn).split('.').pop() : '';
          if (name && SIZE_CALLS.has(name) && child.type !== 'keyword_argument') sized = true;
          break;
        } else if (
          !['binary_operator', 'parenthesized_expression', 'unary_operator', 'tuple'].includes(p.type) ||
          sized
        )
          break;
        if (sized) break;
      }
      if (sized) edits.push(replaceNode(operator, '//'));
    }
    return edits;
  },
});

const COLLECTIONS_ABC = [
  'Mapping',
  'MutableMapping',
  'Sequence',
  'MutableSequence',
  'Iterable',
  'Iterator',
  'Callable',
  'Hashable',
  'Set',
  'MutableSet',
  'Sized',
  'Container',
  'Generator',
  'KeysView',
  'ItemsView',
  'ValuesView',
];

interface StdlibRemoval {
  since: string;
  move: ModuleMove;
}

const STDLIB_REMOVALS: StdlibRemoval[] = [
  { since: '3.8', move: { from: 'time', names: { clock: { name: 'perf_counter' } } } },
  { since: '3.8', move: { from: 'cgi', names: { escape: { module: 'html' } } } },
  { since: '3.9', move: { from: 'xml.etree.cElementTree', to: 'xml.etree.ElementTree' } },
  { since: '3.9', move: { from: 'fractions', names: { gcd: { module: 'math' } } } },
  {
    since: '3.10',
    move: {
      from: 'collections',
      names: Object.fromEntries(COLLECTIONS_ABC.map((n) => [n, { module: 'collections.abc' }])),
    },
  },
  { since: '3.11', move: { from: 'inspect', names: { getargspec: { name: 'getfullargspec' } } } },
];

const removedStdlib = defineRule({
  id: 'python.removed-stdlib-names',
  title:
    'time.clock → perf_counter, collections.Iterable → collections.abc, cElementTree, fractions.gcd, cgi.escape, inspect.getargspec',
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '3.8', date: '2019-10-14' },
  explanation:
    'Standard-library names removed in Python 3.8–3.11, each with its replacement: time.clock → time.perf_counter and cgi.escape → html.escape (3.8), xml.etree.cElementTree → xml.etree.ElementTree and fractions.gcd → math.gcd (3.9), the collection ABCs (collections.Iterable, Mapping …) → collections.abc (3.10), inspect.getargspec → getfullargspec (3.11). Imports keep the names the notebook uses.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module '(time|cgi|fractions|collections|inspect)' has no attribute '(clock|escape|gcd|getargspec|\w+)'/,
      },
      {
        ename: 'ImportError',
        evalue:
          /cannot import name '(clock|escape|gcd|getargspec|Mapping|MutableMapping|Sequence|Iterable|Iterator|Callable|Hashable|Set|Sized|Container)' from '(time|cgi|fractions|collections|inspect)'/,
      },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'xml\.etree\.cElementTree'/ },
    ],
    pattern: true,
  },
  needles: [
    'clock',
    'cgi',
    'cElementTree',
    'gcd',
    'getargspec',
    ...COLLECTIONS_ABC.map((n) => `collections.${n}`),
    'from collections import',
    'import collections',
  ],
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    const edits = STDLIB_REMOVALS.filter((r) => !python || compareVersions(python, r.since) >= 0).flatMap((r) =>
      moduleMoveEdits(parsed, ctx, r.move),
    );
    // collections.Iterable → collections.abc.Iterable needs the submodule imported: `import collections.abc`
    const dottedAbc = ctx.notebook.codeCells.some((i) =>
      new RegExp(`\\bcollections\\.(${COLLECTIONS_ABC.join('|')})\\b`).test(ctx.notebook.source(i)),
    );
    if (dottedAbc && (!python || compareVersions(python, '3.10') >= 0)) {
      for (const statement of parsed.nodes('import_statement')) {
        const items = statement.childrenForFieldName('name');
        const only = items[0];
        if (
          items.length === 1 &&
          only?.type === 'dotted_name' &&
          parsed.text(only) === 'collections' &&
          ctx.inScope(statement)
        )
          edits.push(replaceNode(only, 'collections.abc'));
      }
    }
    return edits;
  },
});

export const PYTHON2_RULES: Rule[] = [
  printStatement,
  execStatement,
  exceptComma,
  raiseComma,
  backticks,
  unicodeRawPrefix,
  fileExecfile,
  oldNumberLiterals,
  renamedBuiltins,
  reduceBuiltin,
  dictIterators,
  hasKey,
  dictViewIndexing,
  integerDivision,
  stringModule,
  stdlibModules,
  iteratorBuiltins,
  listValuedVariables,
  sortCmp,
  notEqual,
  sysNames,
  nextMethod,
  tupleParameters,
  integerSizes,
  removedStdlib,
  implicitRelativeImport,
  helperModuleBuiltins,
];

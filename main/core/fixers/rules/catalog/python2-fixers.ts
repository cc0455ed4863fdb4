// Python 2 → 3, the mechanisms of lib2to3's fixers (Lib/lib2to3/fixes, Python ≤ 3.12) that catalog/python2.ts does
// not cover: apply/buffer/intern/StandardError, function and method attributes (func_name, im_self …), sys.exc_type
// and sys.exitfunc, os.getcwdu, the operator module's removed functions, types.StringType & co, __metaclass__,
// __nonzero__ / next / __div__ methods, file.xreadlines, `except E, (a, b)`, `[x for x in 1, 2]`, map(None, …),
// the renamed modules fix_imports lists beyond the common ones, and dict views where Python 2 code needed the list
// (printed, compared, or iterated while the dict changes). Each rewrite keeps what the Python 2 code computed; a
// name the notebook defines itself (its own `apply`, a variable called `buffer`) is left alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type NotebookView, type Rule } from '../rule';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import { asPrimary, callArguments, definesName, methodName, methodReceiver, positionalArguments } from '../syntax';
import { insertAtCellTop, moduleMoveEdits, moveNeedles, type ModuleMove } from './helpers';

const PY3 = { package: 'python', version: '3.0', date: '2008-12-03' };
const WHATS_NEW = "What's New in Python 3.0";

/** Names among `names` that some cell of the notebook binds itself (def, class, assignment, import, parameter). */
function notebookDefines(notebook: NotebookView, names: readonly string[]): Set<string> {
  const defined = new Set<string>();
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    for (const name of names)
      if (!defined.has(name) && source.includes(name) && definesName(notebook.parse(index), name)) defined.add(name);
  }
  return defined;
}

/** Is the identifier read as a value (not an attribute name, keyword name, parameter or assignment target)? */
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
      'lambda_parameters',
    ].includes(parent.type)
  )
    return false;
  if (parent.type === 'assignment' && parent.childForFieldName('left')?.startIndex === node.startIndex) return false;
  return true;
}

function ensureImport(parsed: ParsedSource, ctx: CellContext, module: string, edits: SourceEdit[]): void {
  if (ctx.imports.bindings.get(module) !== module) edits.push(insertAtCellTop(parsed, `import ${module}`));
}

const REMOVED_BUILTINS = ['apply', 'buffer', 'intern', 'StandardError'];

const removedBuiltins = defineRule({
  id: 'py2.removed-builtins',
  title:
    'apply(f, args, kw) → f(*args, **kw); buffer(x) → memoryview(x); intern(s) → sys.intern(s); StandardError → Exception',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 3 removed these builtins (${WHATS_NEW}, "Builtins"; lib2to3's fix_apply, fix_buffer, fix_intern, fix_standarderror): apply(f, args, kw) is the call f(*args, **kw); buffer(x) is memoryview(x); intern moved to sys.intern; StandardError, the base of the built-in errors, is Exception. A notebook's own apply/buffer/intern is left alone.`,
  trigger: {
    errors: [{ ename: 'NameError', evalue: /name '(apply|buffer|intern|StandardError)' is not defined/ }],
    pattern: true,
  },
  needles: REMOVED_BUILTINS,
  prepare(notebook) {
    return notebookDefines(notebook, REMOVED_BUILTINS);
  },
  apply(parsed, ctx) {
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    let sys = false;
    for (const id of parsed.nodes('identifier')) {
      const name = parsed.text(id);
      if (!REMOVED_BUILTINS.includes(name) || defined.has(name) || !isNameUse(id) || !ctx.inScope(id)) continue;
      if (name === 'StandardError') {
        edits.push(replaceNode(id, 'Exception'));
        continue;
      }
      const call = id.parent;
      if (call?.type !== 'call' || call.childForFieldName('function')?.startIndex !== id.startIndex) continue;
      const all = callArguments(call);
      const args = positionalArguments(call);
      if (args.length !== all.length) continue;
      if (name === 'apply' && args.length >= 1 && args.length <= 3) {
        const [fn, star, kw] = args as [Node, Node | undefined, Node | undefined];
        const parts = [star ? `*${asPrimary(star, parsed)}` : null, kw ? `**${asPrimary(kw, parsed)}` : null].filter(
          (p): p is string => p !== null,
        );
        edits.push(replaceNode(call, `${asPrimary(fn, parsed)}(${parts.join(', ')})`));
      } else if (name === 'buffer' && args.length === 1) edits.push(replaceNode(id, 'memoryview'));
      else if (name === 'intern' && args.length === 1) {
        edits.push(replaceNode(id, 'sys.intern'));
        sys = true;
      }
    }
    if (sys && ctx.imports.bindings.get('sys') !== 'sys') edits.push(insertAtCellTop(parsed, 'import sys'));
    return edits;
  },
});

/** Function and bound-method attributes Python 3 renamed (fix_funcattrs, fix_methodattrs). */
const FUNCTION_ATTRIBUTES: Record<string, string> = {
  func_name: '__name__',
  func_code: '__code__',
  func_defaults: '__defaults__',
  func_globals: '__globals__',
  func_dict: '__dict__',
  func_closure: '__closure__',
  func_doc: '__doc__',
  im_func: '__func__',
  im_self: '__self__',
  im_class: '__self__.__class__',
};

const functionAttributes = defineRule({
  id: 'py2.function-attributes',
  title:
    'f.func_name, f.func_code, f.func_defaults … → f.__name__ …; m.im_func, m.im_self, m.im_class → m.__func__, m.__self__, m.__self__.__class__',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 3 renamed the function attributes func_X to __X__ (${WHATS_NEW}, "Operators and special methods": func_name → __name__, func_code → __code__, func_defaults, func_globals, func_dict, func_closure, func_doc) and the bound-method attributes im_func → __func__, im_self → __self__; im_class, the class the method was looked up on, is m.__self__.__class__ for a bound method (lib2to3's fix_funcattrs and fix_methodattrs). Same objects.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /object has no attribute '(func_name|func_code|func_defaults|func_globals|func_dict|func_closure|func_doc|im_func|im_self|im_class)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(FUNCTION_ATTRIBUTES).map((n) => `.${n}`),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of parsed.nodes('attribute')) {
      const nameNode = attr.childForFieldName('attribute');
      const name = nameNode ? parsed.text(nameNode) : '';
      if (!nameNode || !(name in FUNCTION_ATTRIBUTES) || !ctx.inScope(attr)) continue;
      // `self.func_name = …` on an object of the notebook's own class is its own attribute, not a function's
      const object = attr.childForFieldName('object');
      if (object?.type === 'identifier' && parsed.text(object) === 'self') continue;
      edits.push(replaceNode(nameNode, FUNCTION_ATTRIBUTES[name] as string));
    }
    return edits;
  },
});

const SYS_EXC: Record<string, string> = { exc_type: '0', exc_value: '1', exc_traceback: '2' };

const sysExc = defineRule({
  id: 'py2.sys-exc-attributes',
  title:
    'sys.exc_type / exc_value / exc_traceback → sys.exc_info()[i]; sys.exitfunc = f → atexit.register(f); os.getcwdu() → os.getcwd()',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 3 removed sys.exc_type, sys.exc_value and sys.exc_traceback (the exception being handled: sys.exc_info()[0], [1], [2]), sys.exitfunc (atexit.register(f) runs f at exit, as assigning it did; assigning it in Python 3 silently does nothing) and os.getcwdu (os.getcwd returns str, the Unicode path) — ${WHATS_NEW}; lib2to3's fix_sys_exc, fix_exitfunc and fix_getcwdu.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module '(sys|os)' has no attribute '(exc_type|exc_value|exc_traceback|getcwdu)'/,
      },
    ],
    pattern: true,
  },
  needles: ['exc_type', 'exc_value', 'exc_traceback', 'exitfunc', 'getcwdu'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let atexit = false;
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr)) continue;
      const qualified = ctx.imports.resolve(attr, parsed);
      const name = qualified?.startsWith('sys.') ? qualified.slice(4) : null;
      if (qualified === 'os.getcwdu') edits.push(replaceNode(attr.childForFieldName('attribute') as Node, 'getcwd'));
      if (!name) continue;
      if (name in SYS_EXC)
        edits.push(
          replaceNode(
            attr,
            `${parsed.text(attr.childForFieldName('object') as Node)}.exc_info()[${SYS_EXC[name] as string}]`,
          ),
        );
      else if (name === 'exitfunc') {
        const assignment = attr.parent;
        const value = assignment?.childForFieldName('right');
        if (
          assignment?.type !== 'assignment' ||
          assignment.childForFieldName('left')?.startIndex !== attr.startIndex ||
          !value ||
          assignment.parent?.type !== 'expression_statement'
        )
          continue;
        edits.push(replaceNode(assignment, `atexit.register(${parsed.text(value)})`));
        atexit = true;
      }
    }
    if (atexit) ensureImport(parsed, ctx, 'atexit', edits);
    return edits;
  },
});

/** operator-module functions Python 3 removed: the replacement for `operator.<name>(args)`. */
const OPERATOR_FUNCTIONS: Record<
  string,
  { call: (args: string[], op: string) => string; arity: number; needs?: string }
> = {
  isCallable: { call: ([x]) => `callable(${x as string})`, arity: 1 },
  sequenceIncludes: { call: ([a, b], op) => `${op}.contains(${a as string}, ${b as string})`, arity: 2 },
  isSequenceType: {
    call: ([x]) => `isinstance(${x as string}, collections.abc.Sequence)`,
    arity: 1,
    needs: 'collections.abc',
  },
  isMappingType: {
    call: ([x]) => `isinstance(${x as string}, collections.abc.Mapping)`,
    arity: 1,
    needs: 'collections.abc',
  },
  isNumberType: { call: ([x]) => `isinstance(${x as string}, numbers.Number)`, arity: 1, needs: 'numbers' },
  repeat: { call: ([a, b], op) => `${op}.mul(${a as string}, ${b as string})`, arity: 2 },
  irepeat: { call: ([a, b], op) => `${op}.imul(${a as string}, ${b as string})`, arity: 2 },
};

const operatorFunctions = defineRule({
  id: 'py2.operator-functions',
  title:
    'operator.isCallable, sequenceIncludes, isSequenceType, isMappingType, isNumberType, repeat, irepeat → Python 3 equivalents',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3's operator module dropped these functions (lib2to3's fix_operator): isCallable(x) → callable(x), sequenceIncludes(a, b) → operator.contains(a, b), isSequenceType/isMappingType(x) → isinstance(x, collections.abc.Sequence/Mapping), isNumberType(x) → isinstance(x, numbers.Number), repeat(a, n) → operator.mul(a, n), irepeat → operator.imul. Same results for the sequences, mappings and numbers these were used on.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module 'operator' has no attribute '(isCallable|sequenceIncludes|isSequenceType|isMappingType|isNumberType|repeat|irepeat)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(OPERATOR_FUNCTIONS),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      const name = qualified?.startsWith('operator.') ? qualified.slice('operator.'.length) : null;
      const spec = name ? OPERATOR_FUNCTIONS[name] : undefined;
      if (!spec || fn?.type !== 'attribute') continue;
      const args = positionalArguments(call);
      if (args.length !== spec.arity || callArguments(call).length !== spec.arity) continue;
      edits.push(
        replaceNode(
          call,
          spec.call(
            args.map((a) => parsed.text(a)),
            parsed.text(fn.childForFieldName('object') as Node),
          ),
        ),
      );
      if (spec.needs) needs.add(spec.needs);
    }
    // one insertion: two edits at the same offset would collide
    const missing = [...needs]
      .filter(
        (module) =>
          !ctx.imports.imports(module) ||
          ctx.imports.bindings.get(module.split('.')[0] as string) !== module.split('.')[0],
      )
      .sort();
    if (missing.length > 0) edits.push(insertAtCellTop(parsed, missing.map((m) => `import ${m}`).join('\n')));
    return edits;
  },
});

/**
 * types-module constants Python 3 removed (fix_types). StringType is str here, not bytes as lib2to3 wrote: a
 * notebook's string literals are str in Python 3, and `isinstance(s, types.StringType)` asked about them.
 */
const TYPES_CONSTANTS: Record<string, string> = {
  StringType: 'str',
  UnicodeType: 'str',
  StringTypes: '(str,)',
  DictType: 'dict',
  DictionaryType: 'dict',
  ListType: 'list',
  TupleType: 'tuple',
  IntType: 'int',
  LongType: 'int',
  FloatType: 'float',
  BooleanType: 'bool',
  ComplexType: 'complex',
  TypeType: 'type',
  ClassType: 'type',
  ObjectType: 'object',
  SliceType: 'slice',
  XRangeType: 'range',
  BufferType: 'memoryview',
  FileType: 'io.IOBase',
  UnboundMethodType: 'types.FunctionType',
};

const typesConstants = defineRule({
  id: 'py2.types-constants',
  title: 'types.StringType, types.ListType, types.IntType … → str, list, int …',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3's types module no longer names the builtin types (lib2to3's fix_types): types.StringType/UnicodeType → str, StringTypes → (str,), DictType → dict, ListType → list, TupleType → tuple, IntType/LongType → int, FloatType → float, BooleanType → bool, ComplexType → complex, TypeType/ClassType → type, ObjectType → object, SliceType → slice, XRangeType → range, FileType → io.IOBase. StringType becomes str (lib2to3 wrote bytes): Python 3 reads the notebook's string literals as str. `from types import ListType` becomes an assignment of the same name.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: new RegExp(`module 'types' has no attribute '(${Object.keys(TYPES_CONSTANTS).join('|')})'`),
      },
      {
        ename: 'ImportError',
        evalue: new RegExp(`cannot import name '(${Object.keys(TYPES_CONSTANTS).join('|')})' from 'types'`),
      },
    ],
    pattern: true,
  },
  needles: Object.keys(TYPES_CONSTANTS),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let io = false;
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr)) continue;
      const qualified = ctx.imports.resolve(attr, parsed);
      const name = qualified?.startsWith('types.') ? qualified.slice('types.'.length) : null;
      const target = name ? TYPES_CONSTANTS[name] : undefined;
      if (!target) continue;
      edits.push(
        replaceNode(
          attr,
          target.startsWith('types.')
            ? `${parsed.text(attr.childForFieldName('object') as Node)}${target.slice('types'.length)}`
            : target,
        ),
      );
      if (target.startsWith('io.')) io = true;
    }
    for (const statement of parsed.nodes('import_from_statement')) {
      if (!ctx.inScope(statement) || parsed.text(statement.childForFieldName('module_name') as Node) !== 'types')
        continue;
      const items = statement.childrenForFieldName('name').map((node) =>
        node.type === 'aliased_import'
          ? {
              name: parsed.text(node.childForFieldName('name') as Node),
              local: parsed.text(node.childForFieldName('alias') as Node),
              text: parsed.text(node),
            }
          : { name: parsed.text(node), local: parsed.text(node), text: parsed.text(node) },
      );
      const moved = items.filter(
        (i) => i.name in TYPES_CONSTANTS && !(TYPES_CONSTANTS[i.name] as string).startsWith('types.'),
      );
      if (moved.length === 0) continue;
      const kept = items.filter((i) => !moved.includes(i));
      const indent = parsed.source.slice(
        parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
        statement.startIndex,
      );
      const assignment = `${moved.map((i) => i.local).join(', ')} = ${moved.map((i) => TYPES_CONSTANTS[i.name] as string).join(', ')}`;
      if (moved.some((i) => (TYPES_CONSTANTS[i.name] as string).startsWith('io.'))) io = true;
      edits.push(
        replaceNode(
          statement,
          [kept.length > 0 ? `from types import ${kept.map((i) => i.text).join(', ')}` : null, assignment]
            .filter((l): l is string => l !== null)
            .join(`\n${indent}`),
        ),
      );
    }
    if (io) ensureImport(parsed, ctx, 'io', edits);
    return edits;
  },
});

/** The statements of a class body that are `__metaclass__ = M`. */
function metaclassStatements(body: Node, parsed: ParsedSource): { statement: Node; value: Node }[] {
  const found: { statement: Node; value: Node }[] = [];
  for (const statement of body.namedChildren) {
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    const value = assignment?.childForFieldName('right');
    if (
      left?.type === 'identifier' &&
      parsed.text(left) === '__metaclass__' &&
      value &&
      statement.namedChildCount === 1
    )
      found.push({ statement, value });
  }
  return found;
}

const metaclass = defineRule({
  id: 'py2.metaclass-attribute',
  title: 'class A(B): __metaclass__ = M → class A(B, metaclass=M)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 3 ignores a __metaclass__ attribute in the class body: the class is built by type, silently, and whatever the metaclass added or checked is gone (PEP 3115; ${WHATS_NEW}; lib2to3's fix_metaclass). The metaclass moves to the class statement's metaclass= keyword, which is what Python 2 read the attribute for.`,
  trigger: { pattern: true },
  needles: ['__metaclass__'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const klass of parsed.nodes('class_definition')) {
      const body = klass.childForFieldName('body');
      if (!body || !ctx.inScope(klass)) continue;
      const found = metaclassStatements(body, parsed);
      const only = found[0];
      if (found.length !== 1 || !only) continue;
      const bases = klass.childForFieldName('superclasses');
      if (
        bases &&
        callArguments(bases as Node).some((a) => a.type === 'keyword_argument' || a.type === 'dictionary_splat')
      )
        continue;
      const keyword = `metaclass=${parsed.text(only.value)}`;
      const name = klass.childForFieldName('name') as Node;
      if (!bases) edits.push(insertAt(name.endIndex, `(${keyword})`));
      else {
        const args = bases.namedChildren.filter((c) => c.type !== 'comment');
        edits.push(
          args.length === 0
            ? replaceNode(bases, `(${keyword})`)
            : insertAt((args.at(-1) as Node).endIndex, `, ${keyword}`),
        );
      }
      const statements = body.namedChildren.filter((c) => c.type !== 'comment');
      if (statements.length === 1) edits.push(replaceNode(only.statement, 'pass'));
      else {
        // drop the line, its indentation and its newline (only when the statement is alone on its line)
        const start = parsed.source.lastIndexOf('\n', only.statement.startIndex - 1) + 1;
        const eol = parsed.source.indexOf('\n', only.statement.endIndex);
        const end = eol === -1 ? parsed.source.length : eol + 1;
        if (parsed.source.slice(start, end).trim() !== parsed.text(only.statement)) continue;
        edits.push({ start, end, text: '' });
      }
    }
    return edits;
  },
});

/** Python 2 special methods whose Python 3 name differs: the class gets an alias, so both spellings work. */
const SPECIAL_ALIASES: Record<string, string> = {
  __nonzero__: '__bool__',
  __div__: '__truediv__',
  __rdiv__: '__rtruediv__',
  __idiv__: '__itruediv__',
  __unicode__: '__str__',
};

function methodsOf(body: Node, parsed: ParsedSource): Map<string, Node> {
  const methods = new Map<string, Node>();
  for (const statement of body.namedChildren) {
    const def = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (def?.type === 'function_definition') methods.set(parsed.text(def.childForFieldName('name') as Node), statement);
    const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : null;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
    if (left?.type === 'identifier') methods.set(parsed.text(left), statement);
  }
  return methods;
}

const specialMethods = defineRule({
  id: 'py2.special-method-names',
  title: '__nonzero__ → __bool__, next → __next__ (iterator classes), __div__ → __truediv__: aliases in the class',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 3 renamed these special methods (${WHATS_NEW}, "Operators and special methods"; lib2to3's fix_nonzero and fix_next): __nonzero__ is __bool__ (without it, bool(obj) is silently always True), an iterator's next is __next__ (without it, iter() rejects the object), and / calls __truediv__, not __div__ (a Python 2 class without \`from __future__ import division\` meant its __div__ for /). The class gets an alias line (\`__bool__ = __nonzero__\`), so the Python 2 name keeps working for callers too. next is aliased only in classes that also define __iter__ or raise StopIteration, __unicode__ only where the class has no __str__.`,
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /iter\(\) returned non-iterator|object is not an iterator|unsupported operand type\(s\) for \/=?:/,
      },
    ],
    pattern: true,
  },
  needles: ['__nonzero__', 'def next(', '__div__', '__rdiv__', '__idiv__', '__unicode__'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const klass of parsed.nodes('class_definition')) {
      const body = klass.childForFieldName('body');
      if (!body || !ctx.inScope(klass)) continue;
      const methods = methodsOf(body, parsed);
      const aliases: [string, string][] = [];
      for (const [old, now] of Object.entries(SPECIAL_ALIASES))
        if (methods.has(old) && !methods.has(now)) aliases.push([now, old]);
      const next = methods.get('next');
      if (next && !methods.has('__next__') && (methods.has('__iter__') || parsed.text(next).includes('StopIteration')))
        aliases.push(['__next__', 'next']);
      if (aliases.length === 0) continue;
      const last = body.namedChildren.at(-1) as Node;
      const first = body.namedChildren[0] as Node;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      if (/\S/.test(indent)) continue;
      edits.push(insertAt(last.endIndex, aliases.map(([now, old]) => `\n${indent}${now} = ${old}`).join('')));
    }
    return edits;
  },
});

const xreadlines = defineRule({
  id: 'py2.xreadlines',
  title: 'for line in f.xreadlines() → for line in f',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 files have no xreadlines(); a file object iterates over its lines itself, lazily, which is what xreadlines returned (lib2to3's fix_xreadlines). Elsewhere f.xreadlines() becomes iter(f).",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'xreadlines'/ }], pattern: true },
  needles: ['.xreadlines('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = methodReceiver(call);
      if (
        methodName(call, parsed) !== 'xreadlines' ||
        !receiver ||
        callArguments(call).length > 0 ||
        !ctx.inScope(call)
      )
        continue;
      const parent = call.parent;
      const iterated =
        (parent?.type === 'for_statement' || parent?.type === 'for_in_clause') &&
        parent.childForFieldName('right')?.startIndex === call.startIndex;
      edits.push(replaceNode(call, iterated ? parsed.text(receiver) : `iter(${parsed.text(receiver)})`));
    }
    return edits;
  },
});

const exceptTupleTarget = defineRule({
  id: 'py2.except-unpacking',
  title: 'except E, (a, b): → except E as e: (a, b) = e.args',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2 could unpack an exception into names (`except E, (errno, msg):` unpacked its args); Python 3 binds only one name (PEP 3110). The clause binds the exception and unpacks its .args on the first line of the handler, as lib2to3's fix_except does.",
  trigger: {
    errors: [{ ename: 'SyntaxError', evalue: /multiple exception types must be parenthesized|invalid syntax/ }],
    pattern: true,
  },
  needles: [/\bexcept\b[^:\n]*,\s*[([]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of parsed.nodes('except_clause')) {
      if (!ctx.inScope(clause)) continue;
      const values = clause.childrenForFieldName('value');
      const target = values[1];
      const block = clause.namedChildren.find((c) => c.type === 'block');
      if (values.length !== 2 || !target || !['tuple', 'list'].includes(target.type) || !block) continue;
      if (!target.namedChildren.every((c) => c.type === 'identifier')) continue;
      const first = block.namedChildren[0];
      if (!first) continue;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      if (/\S/.test(indent)) continue;
      const names = target.namedChildren.map((c) => parsed.text(c));
      let bound = 'exc';
      for (let i = 2; names.includes(bound) || parsed.source.includes(`${bound}.args`); i++) bound = `exc${i}`;
      const comma = clause.children.find(
        (c) => c.type === ',' && c.startIndex >= (values[0] as Node).endIndex && c.endIndex <= target.startIndex,
      );
      if (!comma) continue;
      edits.push(
        { start: comma.startIndex, end: target.endIndex, text: ` as ${bound}` },
        insertAt(first.startIndex, `${names.join(', ')}${names.length === 1 ? ',' : ''} = ${bound}.args\n${indent}`),
      );
    }
    return edits;
  },
});

const comprehensionTuple = defineRule({
  id: 'py2.comprehension-bare-tuple',
  title: '[x for x in 1, 2] → [x for x in (1, 2)]',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2 let a list comprehension iterate over a bare tuple (`[x for x in 1, 2]`); Python 3 needs the parentheses (lib2to3's fix_paren). Same elements.",
  trigger: { errors: [{ ename: 'SyntaxError', evalue: /invalid syntax/ }], pattern: true },
  needles: [/\bfor\b[^\]\n]*\bin\b[^\]\n]*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of parsed.nodes('for_in_clause')) {
      const rights = clause.childrenForFieldName('right');
      if (rights.length < 2 || !ctx.inScope(clause)) continue;
      edits.push(insertAt((rights[0] as Node).startIndex, '('), insertAt((rights.at(-1) as Node).endIndex, ')'));
    }
    return edits;
  },
});

const mapNone = defineRule({
  id: 'py2.map-none',
  title: 'map(None, xs) → list(xs); map(None, a, b) → list(itertools.zip_longest(a, b))',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 2's map with None as the function returned the items themselves (one sequence) or tuples padded with None to the longest sequence (several); Python 3's map calls None and fails. Those lists are list(xs) and list(itertools.zip_longest(a, b)) (lib2to3's fix_map handles the one-sequence form).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /'NoneType' object is not callable/ }], pattern: true },
  needles: [/\bmap\(\s*None\s*,/],
  prepare(notebook) {
    return notebookDefines(notebook, ['map']);
  },
  apply(parsed, ctx) {
    if ((ctx.state as Set<string>).has('map')) return [];
    const edits: SourceEdit[] = [];
    let itertools = false;
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || parsed.text(fn) !== 'map' || !ctx.inScope(call)) continue;
      const args = positionalArguments(call);
      if (args.length < 2 || args.length !== callArguments(call).length || args[0]?.type !== 'none') continue;
      const rest = args.slice(1).map((a) => parsed.text(a));
      const inList =
        call.parent?.type === 'argument_list' &&
        call.parent.namedChildCount === 1 &&
        parsed.text(call.parent.parent?.childForFieldName('function') as Node) === 'list';
      const target = call;
      if (rest.length === 1)
        edits.push(replaceNode(target, inList ? (rest[0] as string) : `list(${rest[0] as string})`));
      else {
        edits.push(
          replaceNode(
            target,
            inList ? `itertools.zip_longest(${rest.join(', ')})` : `list(itertools.zip_longest(${rest.join(', ')}))`,
          ),
        );
        itertools = true;
      }
    }
    if (itertools && ctx.imports.bindings.get('itertools') !== 'itertools')
      edits.push(insertAtCellTop(parsed, 'import itertools'));
    return edits;
  },
});

/** Modules lib2to3's fix_imports/fix_imports2 rename that catalog/python2.ts does not list. */
const MODULE_MOVES: ModuleMove[] = [
  { from: 'commands', to: 'subprocess' },
  { from: 'thread', to: '_thread' },
  { from: 'UserList', to: 'collections' },
  { from: 'UserString', to: 'collections' },
  { from: 'UserDict', to: 'collections', names: { IterableUserDict: { module: 'collections', name: 'UserDict' } } },
  { from: 'repr', to: 'reprlib' },
  { from: 'markupbase', to: '_markupbase' },
  { from: 'whichdb', to: 'dbm' },
  { from: 'dumbdbm', to: 'dbm.dumb' },
  { from: 'gdbm', to: 'dbm.gnu' },
  { from: 'DocXMLRPCServer', to: 'xmlrpc.server' },
  { from: 'SimpleXMLRPCServer', to: 'xmlrpc.server' },
  { from: 'CGIHTTPServer', to: 'http.server' },
  { from: '_winreg', to: 'winreg' },
  { from: 'tkFileDialog', to: 'tkinter.filedialog' },
  { from: 'FileDialog', to: 'tkinter.filedialog' },
  { from: 'tkSimpleDialog', to: 'tkinter.simpledialog' },
  { from: 'SimpleDialog', to: 'tkinter.simpledialog' },
  { from: 'tkColorChooser', to: 'tkinter.colorchooser' },
  { from: 'tkCommonDialog', to: 'tkinter.commondialog' },
  { from: 'Dialog', to: 'tkinter.dialog' },
  { from: 'Tkdnd', to: 'tkinter.dnd' },
  { from: 'tkFont', to: 'tkinter.font' },
  { from: 'ScrolledText', to: 'tkinter.scrolledtext' },
  { from: 'Tkconstants', to: 'tkinter.constants' },
  { from: 'ttk', to: 'tkinter.ttk' },
];

const renamedModules = defineRule({
  id: 'py2.more-renamed-modules',
  title:
    'commands, thread, UserList/UserString/UserDict, repr, markupbase, whichdb, tkFileDialog … → their Python 3 modules',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "PEP 3108 renamed these standard-library modules (lib2to3's fix_imports and fix_imports2): commands → subprocess (getoutput, getstatusoutput), thread → _thread, UserList/UserString/UserDict → collections, repr → reprlib, markupbase → _markupbase, whichdb → dbm, dumbdbm → dbm.dumb, gdbm → dbm.gnu, SimpleXMLRPCServer/DocXMLRPCServer → xmlrpc.server, CGIHTTPServer → http.server, _winreg → winreg, and Tkinter's dialog modules → tkinter.filedialog, tkinter.simpledialog, tkinter.font …. `import commands` becomes `import subprocess as commands`, so the notebook's names stay bound.",
  trigger: {
    errors: [
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(`No module named '(${MODULE_MOVES.map((m) => m.from).join('|')})'`),
      },
    ],
    pattern: true,
  },
  needles: moveNeedles(MODULE_MOVES).map(
    (n) => new RegExp(`\\b(import|from)\\s+${n}\\b|\\bimport\\b[^\\n]*\\b${n}\\b`),
  ),
  apply(parsed, ctx) {
    return MODULE_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

/** Names every assignment of which (in the whole notebook) is a dict display, comprehension or dict-making call. */
function knownDicts(notebook: NotebookView): Set<string> {
  const dicts = new Set<string>();
  const others = new Set<string>();
  const DICT_CALLS = /^(dict|collections\.(OrderedDict|defaultdict|Counter)|OrderedDict|defaultdict|Counter)$/;
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (!/\.(keys|values|items)\(\)/.test(source) && !/[{]|dict\(|Counter\(|defaultdict\(/.test(source)) continue;
    const parsed = notebook.parse(index);
    for (const node of [
      ...parsed.nodes('assignment'),
      ...parsed.nodes('augmented_assignment'),
      ...parsed.nodes('for_statement'),
    ]) {
      const left = node.childForFieldName('left');
      if (!left) continue;
      if (left.type !== 'identifier') {
        for (const id of left.descendantsOfType('identifier'))
          if (id.parent?.type !== 'attribute' && id.parent?.type !== 'subscript') others.add(parsed.text(id));
        continue;
      }
      const name = parsed.text(left);
      const right = node.type === 'assignment' ? node.childForFieldName('right') : null;
      const isDict =
        right &&
        (right.type === 'dictionary' ||
          right.type === 'dictionary_comprehension' ||
          (right.type === 'call' && DICT_CALLS.test(parsed.text(right.childForFieldName('function') as Node))));
      (isDict ? dicts : others).add(name);
    }
    for (const def of [...parsed.nodes('function_definition'), ...parsed.nodes('parameters')]) {
      if (def.type === 'parameters') for (const id of def.descendantsOfType('identifier')) others.add(parsed.text(id));
    }
  }
  for (const name of others) dicts.delete(name);
  return dicts;
}

const VIEW_METHODS = new Set(['keys', 'values', 'items']);

/** Does the loop body change the dict `name` (del d[k], d[k] = …, d.pop(…), d.update(…) …)? */
function mutates(body: Node, name: string, parsed: ParsedSource): boolean {
  const text = parsed.text(body);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `\\bdel\\s+${escaped}\\s*\\[|(^|[^\\w.])${escaped}\\s*\\[[^\\]\\n]*\\]\\s*(=(?!=)|[-+*/|&]=)|(^|[^\\w.])${escaped}\\.(pop|popitem|update|clear|setdefault)\\s*\\(`,
    'm',
  ).test(text);
}

const dictLists = defineRule({
  id: 'py2.dict-view-lists',
  title:
    'd.keys() / values() / items() → list(…) where Python 2 code needed the list (printed, compared, looped over while d changes)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation: `Python 2's keys(), values() and items() returned new lists; Python 3's return live views (${WHATS_NEW}, "Views and iterators instead of lists"; lib2to3's fix_dict). Three uses differ silently or fail: a loop over d.keys() that deletes or adds keys of d (a list was a copy; a view raises "dictionary changed size during iteration"), print(d.keys()) (prints dict_keys([...]) instead of the list) and d.keys() == [...] (a view never equals a list). There the call is wrapped in list(). Printing and comparing are rewritten only for names the notebook only ever assigns a dict to; other uses of views (iteration, len, in, sorted) mean the same and are left alone.`,
  trigger: { errors: [{ ename: 'RuntimeError', evalue: /dictionary changed size during iteration/ }], pattern: true },
  needles: ['.keys()', '.values()', '.items()'],
  prepare(notebook) {
    return knownDicts(notebook);
  },
  apply(parsed, ctx) {
    const dicts = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !VIEW_METHODS.has(name) || !receiver || callArguments(call).length > 0 || !ctx.inScope(call))
        continue;
      const parent = call.parent;
      const wrap = (): void => void edits.push(replaceNode(call, `list(${parsed.text(call)})`));
      if (parent?.type === 'for_statement' && parent.childForFieldName('right')?.startIndex === call.startIndex) {
        const body = parent.childForFieldName('body');
        if (body && ['identifier', 'attribute'].includes(receiver.type) && mutates(body, parsed.text(receiver), parsed))
          wrap();
        continue;
      }
      if (receiver.type !== 'identifier' || !dicts.has(parsed.text(receiver))) continue;
      const printed =
        parent?.type === 'argument_list' &&
        parsed.text(parent.parent?.childForFieldName('function') as Node) === 'print';
      const compared =
        parent?.type === 'comparison_operator' &&
        parent.children.some((c) => c.type === '==' || c.type === '!=') &&
        parent.namedChildren.some((c) => c.type === 'list');
      if (printed || compared) wrap();
    }
    return edits;
  },
});

export const PYTHON2_FIXER_RULES: Rule[] = [
  removedBuiltins,
  functionAttributes,
  sysExc,
  operatorFunctions,
  typesConstants,
  metaclass,
  specialMethods,
  xreadlines,
  exceptTupleTarget,
  comprehensionTuple,
  mapNone,
  renamedModules,
  dictLists,
];

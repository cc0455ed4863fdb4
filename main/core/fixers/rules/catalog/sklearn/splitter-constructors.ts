// sklearn.splitter-constructors — KFold(n, n_folds=k) → KFold(n_splits=k) and `for tr, te in kf` → kf.split(X)
//
// Why it broke: scikit-learn 0.20 (2018-09-25), deprecated since 0.18: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.20.html
// Example:
//     kf = KFold(len(X), n_folds=5, shuffle=True, random_state=0)
//     skf = StratifiedKFold(y, n_folds=3)
//   →
//     kf = KFold(n_splits=5, shuffle=True, random_state=0)
//     skf = StratifiedKFold(n_splits=3)
// A splitter handed to a function of the notebook's own (`def run_cv(clf, cv): for train, test in cv:`) cannot be
// followed into that function: its folds are built where the old object was made, as a list, which a loop, len()
// and `cv=` of cross_val_score/GridSearchCV all take:
//     cv = StratifiedKFold(y, n_folds=10)
//     evaluate(clf, cv)
//   →
//     cv = list(StratifiedKFold(n_splits=10).split(y, y))
//     evaluate(clf, cv)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.20; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. The list holds
// the folds the old object yielded: it stored the size or labels (and its shuffled order) when it was made, too.
// Left alone: loops over a name the notebook also binds to something else (`kf = StratifiedKFold(…).split(X, y)` in
// the other branch of a version check): only the constructor is rewritten there. A splitter whose attributes the
// code reads (`cv.n_folds`, also through the function's parameter) is not made a list.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { positionalArguments, keywordArgument, callArguments, keywordName } from '../../syntax';
import { type RuleRunContext, type CellContext, defineRule, type NotebookView } from '../../rule';
import { cellBindings } from '../../bindings';
import { calleeOf } from '../helpers';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { SK, sk } from './_shared';

/**
 * Old splitters took the data size (or the labels) in the constructor and were iterable; new ones take
 * n_splits and yield from .split(X, y). For each old-style construction we remember what to split.
 */
interface OldSplitter {
  /** constructor call */
  call: Node;
  cellIndex: number;
  /** the text to pass to .split(...) */
  splitArgs: string;
  /** keyword edits for the constructor */
  newArgs: string[];
  /** handed to a function of the notebook's own: the constructor is made the list of its folds */
  materialize?: boolean;
}

/** A function the notebook defines: its parameters in order, and those whose attributes its body reads. */
interface UserFunction {
  params: string[];
  attributesRead: Set<string>;
}

interface State {
  byName: Map<string, OldSplitter>;
  functions: Map<string, UserFunction>;
}

const SPLITTERS = [
  'KFold',
  'StratifiedKFold',
  'ShuffleSplit',
  'StratifiedShuffleSplit',
  'LeaveOneOut',
  'LeavePOut',
  'GroupKFold',
];

/** `len(X)` / `X.shape[0]` → 'X'; other sizes → `range(n)`. */
function dataFromSize(size: Node, parsed: ParsedSource): string {
  if (size.type === 'call') {
    const fn = size.childForFieldName('function');
    const args = positionalArguments(size);
    if (fn && parsed.text(fn) === 'len' && args.length === 1) return parsed.text(args[0] as Node);
  }
  if (size.type === 'subscript') {
    const value = size.childForFieldName('value');
    const index = size.childForFieldName('subscript');
    if (value?.type === 'attribute' && parsed.text(value).endsWith('.shape') && index && parsed.text(index) === '0') {
      return parsed.text(value.childForFieldName('object') as Node);
    }
  }
  return `range(${parsed.text(size)})`;
}

function oldSplitter(
  call: Node,
  parsed: ParsedSource,
  ctx: RuleRunContext | CellContext,
): Omit<OldSplitter, 'cellIndex'> | null {
  const kind = calleeOf(call, parsed, ctx.imports, 'sklearn', SPLITTERS);
  if (!kind) return null;
  const positional = positionalArguments(call);
  const kw = (name: string): Node | null => keywordArgument(call, name, parsed)?.childForFieldName('value') ?? null;
  const rest = (skipPositional: number, renames: Record<string, string>, positionalNames: string[]): string[] => {
    const args: string[] = [];
    positional.slice(skipPositional).forEach((arg, i) => {
      const name = positionalNames[i];
      if (name) args.push(`${name}=${parsed.text(arg)}`);
    });
    for (const arg of callArguments(call)) {
      if (arg.type !== 'keyword_argument') continue;
      const name = keywordName(arg, parsed);
      if (['n', 'y', 'labels'].includes(name)) continue;
      const value = arg.childForFieldName('value');
      args.push(`${renames[name] ?? name}=${value ? parsed.text(value) : ''}`);
    }
    return args;
  };
  if (kind === 'KFold' || kind === 'LeaveOneOut' || kind === 'LeavePOut' || kind === 'ShuffleSplit') {
    const size = positional[0] ?? kw('n');
    const old =
      kw('n_folds') ||
      kw('n_iter') ||
      kw('n') ||
      (kind === 'KFold' && positional.length >= 2 && !['true', 'false'].includes((positional[1] as Node).type)) ||
      (kind === 'LeaveOneOut' && positional.length === 1) ||
      (kind === 'LeavePOut' && positional.length === 2) ||
      (kind === 'ShuffleSplit' &&
        positional[0] &&
        !['integer', 'float'].includes(positional[0].type) &&
        !keywordArgument(call, 'n_splits', parsed));
    if (!old || !size) return null;
    const skip = positional[0] ? 1 : 0;
    const names =
      kind === 'KFold'
        ? ['n_splits', 'shuffle', 'random_state']
        : kind === 'LeavePOut'
          ? ['p']
          : kind === 'ShuffleSplit'
            ? ['n_splits', 'test_size', 'train_size', 'random_state']
            : [];
    return {
      call,
      splitArgs: dataFromSize(size, parsed),
      newArgs: rest(skip, { n_folds: 'n_splits', n_iter: 'n_splits' }, names),
    };
  }
  if (kind === 'StratifiedKFold' || kind === 'StratifiedShuffleSplit') {
    const labels = positional[0] ?? kw('y');
    if (!labels || ['integer'].includes(labels.type)) return null;
    if (keywordArgument(call, 'n_splits', parsed)) return null;
    const skip = positional[0] ? 1 : 0;
    const names =
      kind === 'StratifiedKFold'
        ? ['n_splits', 'shuffle', 'random_state']
        : ['n_splits', 'test_size', 'train_size', 'random_state'];
    const y = parsed.text(labels);
    // StratifiedKFold.split only uses X for its length: the labels serve as both, as the old API did
    return { call, splitArgs: `${y}, ${y}`, newArgs: rest(skip, { n_folds: 'n_splits', n_iter: 'n_splits' }, names) };
  }
  if (kind === 'GroupKFold') {
    const labels = positional[0] ?? kw('labels');
    if (!labels || labels.type === 'integer') return null;
    const l = parsed.text(labels);
    return { call, splitArgs: `${l}, groups=${l}`, newArgs: rest(1, { n_folds: 'n_splits' }, ['n_splits']) };
  }
  return null;
}

function userFunctions(notebook: NotebookView): Map<string, UserFunction> {
  const functions = new Map<string, UserFunction>();
  const redefined = new Set<string>();
  for (const cellIndex of notebook.codeCells) {
    if (!notebook.source(cellIndex).includes('def ')) continue;
    const parsed = notebook.parse(cellIndex);
    for (const def of parsed.nodes('function_definition')) {
      const name = def.childForFieldName('name');
      const parameters = def.childForFieldName('parameters');
      const body = def.childForFieldName('body');
      if (!name || !parameters || !body) continue;
      const params: string[] = [];
      for (const param of parameters.namedChildren) {
        const id = param.type === 'identifier' ? param : param.childForFieldName('name');
        // *args/**kwargs and the rest: the position of later parameters is not followed
        if (!id || id.type !== 'identifier' || param.type.includes('splat')) break;
        params.push(parsed.text(id));
      }
      const attributesRead = new Set<string>();
      for (const attribute of body.descendantsOfType('attribute')) {
        const object = attribute.childForFieldName('object');
        if (object?.type === 'identifier') attributesRead.add(parsed.text(object));
      }
      const key = parsed.text(name);
      if (functions.has(key)) redefined.add(key);
      functions.set(key, { params, attributesRead });
    }
  }
  for (const name of redefined) functions.delete(name);
  return functions;
}

/**
 * Is this expression (a splitter's name or its constructor) an argument of a call to a function of the notebook's
 * own? 'blocked' when that function reads the parameter's attributes, or the parameter cannot be told.
 */
function handedToUserFunction(
  node: Node,
  parsed: ParsedSource,
  functions: Map<string, UserFunction>,
): 'yes' | 'no' | 'blocked' {
  const keyword = node.parent?.type === 'keyword_argument' ? node.parent : null;
  const list = keyword ? keyword.parent : node.parent;
  if (list?.type !== 'argument_list' || list.parent?.type !== 'call') return 'no';
  if (keyword && keyword.childForFieldName('value')?.startIndex !== node.startIndex) return 'no';
  const fn = list.parent.childForFieldName('function');
  const fun = fn?.type === 'identifier' ? functions.get(parsed.text(fn)) : undefined;
  if (!fun) return 'no';
  const param = keyword
    ? keywordName(keyword, parsed)
    : fun.params[positionalArguments(list.parent).findIndex((arg) => arg.startIndex === node.startIndex)];
  if (!param || !fun.params.includes(param) || fun.attributesRead.has(param)) return 'blocked';
  return 'yes';
}

function argumentsNode(call: Node): Node {
  return call.childForFieldName('arguments') as Node;
}

export const splitterConstructors = defineRule({
  id: 'sklearn.splitter-constructors',
  title: 'KFold(n, n_folds=k) → KFold(n_splits=k) and `for tr, te in kf` → kf.split(X)',
  kind: 'error-repair',
  library: SK,
  since: sk('0.20', '2018-09-25'),
  deprecatedIn: '0.18',
  explanation:
    'The old splitters took the number of samples (KFold, ShuffleSplit) or the labels ' +
    "(StratifiedKFold) in the constructor and were iterated directly; model_selection's take " +
    'n_splits and are iterated through .split(X, y). The constructor is rewritten (n_folds/n_iter ' +
    '→ n_splits) and loops over the object call .split() with the data the old constructor received ' +
    '(StratifiedKFold gets the labels for both X and y: only their length and classes matter).',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /got an unexpected keyword argument '(n_folds|n_iter)'|object is not iterable|__init__\(\) takes|takes from \d+ to \d+ positional arguments/,
      },
      {
        ename: 'ValueError',
        evalue: /The number of folds must be of Integral type|n_splits must be|Expected n_splits/,
      },
    ],
    pattern: true,
  },
  needles: (source, state) =>
    /Fold|Split|LeaveOneOut|LeavePOut/.test(source) ||
    [...((state as State | undefined)?.byName.keys() ?? [])].some((name) => source.includes(name)),
  prepare(notebook: NotebookView, ctx: RuleRunContext) {
    // variable name → the old splitter assigned to it (anywhere in the notebook)
    const byName = new Map<string, OldSplitter>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!SPLITTERS.some((s) => source.includes(s))) continue;
      const parsed = notebook.parse(cellIndex);
      for (const { target: left, value: right } of cellBindings(parsed, ['assignment'])) {
        if (left.type !== 'identifier' || right?.type !== 'call') continue;
        const old = oldSplitter(right, parsed, ctx);
        if (old) byName.set(parsed.text(left), { ...old, cellIndex });
      }
    }
    // a name the notebook also binds to something else (a version-dependent branch's
    // `kf = StratifiedKFold(n_splits=10).split(X, y)`) may not hold the old splitter where it is iterated
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      const names = [...byName.keys()].filter((name) => source.includes(name));
      if (names.length === 0) continue;
      const parsed = notebook.parse(cellIndex);
      for (const { target: left, value: right } of cellBindings(parsed, ['assignment'])) {
        if (left.type !== 'identifier' || !names.includes(parsed.text(left))) continue;
        if (right?.type === 'call' && oldSplitter(right, parsed, ctx)) continue;
        byName.delete(parsed.text(left));
      }
    }
    // a splitter handed to a function of the notebook's own, whose loop over its parameter cannot be followed: its
    // folds are made a list where it is built, unless attributes of it are read (`cv.n_folds`) anywhere
    const functions = byName.size > 0 ? userFunctions(notebook) : new Map<string, UserFunction>();
    if (functions.size > 0) {
      const verdicts = new Map<string, Set<string>>();
      for (const cellIndex of notebook.codeCells) {
        const source = notebook.source(cellIndex);
        const names = [...byName.keys()].filter((name) => source.includes(name));
        if (names.length === 0) continue;
        const parsed = notebook.parse(cellIndex);
        for (const identifier of parsed.nodes('identifier')) {
          const name = parsed.text(identifier);
          if (!names.includes(name)) continue;
          let verdict: string = handedToUserFunction(identifier, parsed, functions);
          if (
            identifier.parent?.type === 'attribute' &&
            identifier.parent.childForFieldName('object')?.startIndex === identifier.startIndex
          )
            verdict = 'blocked';
          if (!verdicts.has(name)) verdicts.set(name, new Set());
          verdicts.get(name)?.add(verdict);
        }
      }
      for (const [name, seen] of verdicts) {
        const old = byName.get(name);
        if (old && seen.has('yes') && !seen.has('blocked')) old.materialize = true;
      }
    }
    return { byName, functions } satisfies State;
  },
  apply(parsed, ctx) {
    const { byName, functions } = ctx.state as State;
    const edits: SourceEdit[] = [];
    const rewritten = new Set<number>();
    const constructorEdit = (old: Omit<OldSplitter, 'cellIndex'>): SourceEdit => {
      const args = argumentsNode(old.call);
      return { start: args.startIndex, end: args.endIndex, text: `(${old.newArgs.join(', ')})` };
    };
    for (const call of ctx.nodes('call')) {
      const old = oldSplitter(call, parsed, ctx);
      if (!old) continue;
      const assigned = call.parent?.type === 'assignment' ? call.parent.childForFieldName('left') : null;
      if (
        (assigned?.type === 'identifier' && byName.get(parsed.text(assigned))?.materialize) ||
        handedToUserFunction(call, parsed, functions) === 'yes'
      ) {
        const fn = parsed.text(call.childForFieldName('function') as Node);
        edits.push(replaceNode(call, `list(${fn}(${old.newArgs.join(', ')}).split(${old.splitArgs}))`));
        continue;
      }
      edits.push(constructorEdit(old));
      rewritten.add(call.startIndex);
      // an inline splitter iterated directly: `for tr, te in KFold(len(X), n_folds=5):`
      if (
        call.parent?.type === 'for_statement' &&
        call.parent.childForFieldName('right')?.startIndex === call.startIndex
      ) {
        edits.push(insertAt(call.endIndex, `.split(${old.splitArgs})`));
      }
    }
    // loops (and list()/enumerate()) over a variable that holds an old splitter
    for (const identifier of parsed.nodes('identifier')) {
      const old = byName.get(parsed.text(identifier));
      if (!old || old.materialize || !ctx.inScope(identifier)) continue;
      const parent = identifier.parent;
      if (!parent) continue;
      const iterated =
        (parent.type === 'for_statement' && parent.childForFieldName('right')?.startIndex === identifier.startIndex) ||
        (parent.type === 'for_in_clause' && parent.childForFieldName('right')?.startIndex === identifier.startIndex) ||
        (parent.type === 'argument_list' &&
          parent.parent &&
          ['enumerate', 'list', 'next', 'iter'].includes(
            parsed.text(parent.parent.childForFieldName('function') as Node),
          ));
      if (iterated) edits.push(insertAt(identifier.endIndex, `.split(${old.splitArgs})`));
      const lenCall =
        parent.type === 'argument_list' &&
        parent.parent &&
        parsed.text(parent.parent.childForFieldName('function') as Node) === 'len'
          ? parent.parent
          : null;
      if (lenCall) edits.push(replaceNode(lenCall, `${parsed.text(identifier)}.get_n_splits()`));
    }
    return edits;
  },
});

// sklearn.logistic-ovr-solver — LogisticRegression(multi_class='ovr', solver='lbfgs', …) → OneVsRestClassifier(LogisticRegression(solver='lbfgs', …))
//
// Why it broke: scikit-learn 1.8 (2025-12-09) removed LogisticRegression's multi_class (deprecated in 1.5); the old
// call fails with "__init__() got an unexpected keyword argument 'multi_class'". Notebooks of 2018–2019 wrote
// multi_class='ovr' next to solver='lbfgs' to silence 0.20's FutureWarning about both defaults. Dropping the keyword
// is not enough: lbfgs, newton-cg, sag and saga now fit the multinomial model on three or more classes.
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.5.rst#L503 ("If you still want to
// use the one-vs-rest scheme, you can use OneVsRestClassifier(LogisticRegression(..))")
// Example:
//     lr = LogisticRegression(C=1e6, solver='lbfgs', multi_class='ovr').fit(X, y)
//     print(lr.coef_)
//   →
//     lr = OneVsRestClassifier(LogisticRegression(C=1e6, solver='lbfgs')).fit(X, y)
//     print(np.vstack([e.coef_ for e in lr.estimators_]))
// Fix safety: Same result: the wrapper fits one binary model per class with the same solver and C, predicts the
// argmax of their decision functions and normalizes their probabilities, as multi_class='ovr' did; on two classes it
// fits the one binary model. coef_ and intercept_, which the wrapper does not have, are read as the per-class
// models' stacked arrays, the shape the old model had, for a variable the notebook binds to nothing else.
// Left alone: LogisticRegressionCV (its per-class C_ differs), a model not assigned to a name (inside GridSearchCV or
// a Pipeline the parameter names would change), no solver or solver='liblinear' (sklearn.logistic-multi-class), a
// multi_class held in a name.
import type { Node } from 'web-tree-sitter';
import { defineRule, type CellContext, type NotebookView, type Rule, type RuleRunContext } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import {
  hasSplat,
  keywordArgument,
  keywordValue,
  lineStart,
  removeArgument,
  stringContent,
  topLevelStatement,
} from '../../syntax';
import { calleeOf } from '../helpers';
import { SK } from './_shared';

type ParsedSource = Parameters<Rule['apply']>[0];

const OVR = 'OneVsRestClassifier';
const SOLVERS = new Set(['lbfgs', 'newton-cg', 'newton-cholesky', 'sag', 'saga']);

function isLogistic(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  return calleeOf(call, parsed, ctx.imports, 'sklearn', ['LogisticRegression']) !== null && !hasSplat(call);
}

function solverOf(call: Node, parsed: ParsedSource): string | null {
  return stringContent(keywordValue(call, 'solver', parsed), parsed);
}

/** `LogisticRegression(…, multi_class='ovr', solver=<not liblinear>, …)`: the model this rule wraps. */
function ovrModel(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  if (call.type !== 'call' || !isLogistic(call, parsed, ctx)) return false;
  if (stringContent(keywordValue(call, 'multi_class', parsed), parsed) !== 'ovr') return false;
  return SOLVERS.has(solverOf(call, parsed) ?? '');
}

/** `OneVsRestClassifier(LogisticRegression(…, solver=<not liblinear>))`: the shape this rule writes. */
function wrappedModel(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  if (call.type !== 'call' || calleeOf(call, parsed, ctx.imports, 'sklearn', [OVR]) === null) return false;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  const inner = args[0];
  return (
    args.length === 1 &&
    inner?.type === 'call' &&
    isLogistic(inner, parsed, ctx) &&
    keywordArgument(inner, 'multi_class', parsed) === null &&
    SOLVERS.has(solverOf(inner, parsed) ?? '')
  );
}

/** The model call under `.fit(…)` chains: `M(…).fit(X, y)` → `M(…)`. */
function modelUnderFit(value: Node, parsed: ParsedSource): Node {
  let node = value;
  for (;;) {
    const callee = node.type === 'call' ? node.childForFieldName('function') : null;
    const object = callee?.type === 'attribute' ? callee.childForFieldName('object') : null;
    const member = callee?.type === 'attribute' ? callee.childForFieldName('attribute') : null;
    if (!object || !member || parsed.text(member) !== 'fit' || object.type !== 'call') return node;
    node = object;
  }
}

/** Is the call the value of `name = M(…)` or `name = M(…).fit(…)`? */
function assignedToName(call: Node, parsed: ParsedSource): boolean {
  let node: Node = call;
  for (;;) {
    const parent = node.parent;
    if (parent?.type === 'assignment')
      return (
        parent.childForFieldName('right')?.id === node.id && parent.childForFieldName('left')?.type === 'identifier'
      );
    // M(…).fit(…): the model is the object of an attribute `fit` that is called
    const call2 = parent?.type === 'attribute' ? parent.parent : null;
    const member = parent?.type === 'attribute' ? parent.childForFieldName('attribute') : null;
    if (!parent || !call2 || call2.type !== 'call' || !member || parsed.text(member) !== 'fit') return false;
    node = call2;
  }
}

/** Names bound, everywhere in the notebook, only to these one-vs-rest models (before or after the rewrite). */
function ovrNames(notebook: NotebookView, ctx: Pick<RuleRunContext, 'imports' | 'bindings'>): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  const models = /LogisticRegression|OneVsRest/;
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (models.test(source)) continue;
    for (const match of source.matchAll(/^\s*(\w+)\s*=[^=]/gm)) bad.add(match[1] as string);
  }
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'], cells: models })) {
    if (left.type !== 'identifier') {
      for (const id of left.descendantsOfType('identifier')) bad.add(parsed.text(id));
      continue;
    }
    const name = parsed.text(left);
    const model = right ? modelUnderFit(right, parsed) : null;
    if (model && (ovrModel(model, parsed, ctx) || wrappedModel(model, parsed, ctx))) good.add(name);
    else bad.add(name);
  }
  for (const name of bad) good.delete(name);
  return good;
}

export const logisticOvrSolver = defineRule({
  id: 'sklearn.logistic-ovr-solver',
  title:
    "LogisticRegression(multi_class='ovr', solver='lbfgs', …) → OneVsRestClassifier(LogisticRegression(solver='lbfgs', …))",
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '1.8', date: '2025-12-09' },
  deprecatedIn: '1.5',
  explanation:
    'scikit-learn 1.8 removed LogisticRegression\'s multi_class (deprecated in 1.5; changelog: "If you still want ' +
    'to use the one-vs-rest scheme, you can use OneVsRestClassifier(LogisticRegression(..))"). With the lbfgs, ' +
    "newton-cg, sag or saga solver, multi_class='ovr' fitted one binary model per class, while today those solvers " +
    'fit the multinomial model on three or more classes, so the keyword is not simply dropped: the model is wrapped ' +
    'in OneVsRestClassifier, which fits the same per-class models and predicts the same classes and normalized ' +
    'probabilities. Its coef_ and intercept_ are read as np.vstack([e.coef_ for e in m.estimators_]) and ' +
    'np.concatenate([e.intercept_ …]), the arrays the old model had, for a variable bound to nothing else.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /LogisticRegression\.__init__\(\) got an unexpected keyword argument 'multi_class'/,
      },
      { ename: 'AttributeError', evalue: /'OneVsRestClassifier' object has no attribute '(coef_|intercept_)'/ },
    ],
    pattern: true,
  },
  needles: ['LogisticRegression', 'coef_', 'intercept_'],
  prepare(notebook, ctx) {
    return ovrNames(notebook, ctx);
  },
  apply(parsed, ctx) {
    const names = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    const models = ctx.nodes('call').filter((call) => ovrModel(call, parsed, ctx) && assignedToName(call, parsed));
    if (models.length > 0) {
      let ovr = ctx.imports.aliasFor(`sklearn.multiclass.${OVR}`);
      if (!ovr) {
        // the name is taken by something else in this cell: leave the code alone
        if (parsed.source.includes(OVR)) return [];
        ovr = OVR;
        const first = topLevelStatement(models[0] as Node);
        edits.push(insertAt(lineStart(parsed.source, first.startIndex), `from sklearn.multiclass import ${OVR}\n`));
      }
      for (const model of models) {
        edits.push(insertAt(model.startIndex, `${ovr}(`));
        edits.push(removeArgument(keywordArgument(model, 'multi_class', parsed) as Node, model));
        edits.push(insertAt(model.endIndex, ')'));
      }
    }
    const reads = ctx.nodes('attribute').filter((attr) => {
      const object = attr.childForFieldName('object');
      const member = parsed.text(attr.childForFieldName('attribute') as Node);
      if (object?.type !== 'identifier' || !names.has(parsed.text(object))) return false;
      if (member !== 'coef_' && member !== 'intercept_') return false;
      // a write (`lr.coef_ = …`) is not a read
      return !(attr.parent?.type === 'assignment' && attr.parent.childForFieldName('left')?.id === attr.id);
    });
    if (reads.length > 0) {
      const numpy = ctx.requireImport('numpy', 'np');
      if (!numpy) return edits;
      edits.push(...numpy.edits);
      for (const attr of reads) {
        const object = parsed.text(attr.childForFieldName('object') as Node);
        const member = parsed.text(attr.childForFieldName('attribute') as Node);
        const join = member === 'coef_' ? 'vstack' : 'concatenate';
        edits.push(replaceNode(attr, `${numpy.name}.${join}([e.${member} for e in ${object}.estimators_])`));
      }
    }
    return edits;
  },
});

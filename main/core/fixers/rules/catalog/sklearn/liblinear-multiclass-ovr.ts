// sklearn.liblinear-multiclass-ovr — LogisticRegression(solver='liblinear') on 3+ classes →
// OneVsRestClassifier(LogisticRegression(…))
//
// Why it broke: scikit-learn 1.8 (2025-12-09) removed LogisticRegression's multi_class (deprecated in 1.5), and the
// liblinear solver, the default before 0.22 and what sklearn.logistic-l1-solver and the solver calibration pin,
// refuses 3 or more classes instead of fitting one model per class against the rest.
// Changelog: https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.5.rst#L503
// Example:
//     lr = LogisticRegression(penalty='l1', C=0.1, solver='liblinear')
//     lr.fit(X_wine, y_wine); lr.coef_[1]
//   →
//     lr = OneVsRestClassifier(LogisticRegression(penalty='l1', C=0.1, solver='liblinear'))
//     lr.fit(X_wine, y_wine); np.vstack([e.coef_ for e in lr.estimators_])[1]
// Fix safety: Same result: the wrapper fits the per-class liblinear models that multi_class='ovr' fitted, predicts
// the argmax of their decision functions and normalizes their probabilities, as the old model did; coef_ and
// intercept_ become the stacked per-class arrays the old model had.
// Left alone: models with another solver, and coef_/intercept_ of a variable the notebook also binds to anything
// else.
import type { Node } from 'web-tree-sitter';
import { defineRule, type CellContext, type NotebookView, type Rule, type RuleRunContext } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { hasSplat, keywordValue, lineStart, stringContent, topLevelStatement } from '../../syntax';
import { calleeOf } from '../helpers';
import { SK } from './_shared';

/** A cell's parsed source (the type rules get). */
type ParsedSource = Parameters<Rule['apply']>[0];

const OVR = 'OneVsRestClassifier';

/** `LogisticRegression(…, solver='liblinear', …)`, not already inside a OneVsRestClassifier(…). */
function liblinearModel(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  if (!calleeOf(call, parsed, ctx.imports, 'sklearn', ['LogisticRegression']) || hasSplat(call)) return false;
  if (stringContent(keywordValue(call, 'solver', parsed), parsed) !== 'liblinear') return false;
  const outer = call.parent?.type === 'argument_list' ? call.parent.parent : null;
  return !(outer?.type === 'call' && wrapsInOvr(outer, parsed, ctx));
}

function wrapsInOvr(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  return calleeOf(call, parsed, ctx.imports, 'sklearn', [OVR]) !== null;
}

/** `OneVsRestClassifier(LogisticRegression(…, solver='liblinear', …))`, the shape this rule writes. */
function wrappedModel(call: Node, parsed: ParsedSource, ctx: Pick<CellContext, 'imports'>): boolean {
  if (!wrapsInOvr(call, parsed, ctx)) return false;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  const inner = args[0];
  return (
    args.length === 1 &&
    inner?.type === 'call' &&
    calleeOf(inner, parsed, ctx.imports, 'sklearn', ['LogisticRegression']) !== null &&
    stringContent(keywordValue(inner, 'solver', parsed), parsed) === 'liblinear'
  );
}

/**
 * Names bound, everywhere in the notebook, only to wrapped one-vs-rest logistic models (or to the
 * liblinear model this application is wrapping): their coef_ and intercept_ mean the stacked per-class ones.
 */
function ovrNames(notebook: NotebookView, ctx: Pick<RuleRunContext, 'imports' | 'bindings'>): Set<string> {
  const good = new Set<string>();
  const bad = new Set<string>();
  const models = /LogisticRegression|OneVsRest/;
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (models.test(source)) continue;
    // a rebinding of a name elsewhere (`lr = something_else`) disqualifies it
    for (const match of source.matchAll(/^\s*(\w+)\s*=[^=]/gm)) bad.add(match[1] as string);
  }
  // every cell that names the models, whole: a name qualifies only if all its bindings in the notebook are such models
  for (const { target: left, value: right, parsed } of ctx.bindings({ kinds: ['assignment'], cells: models })) {
    if (left.type !== 'identifier') {
      for (const id of left.descendantsOfType('identifier')) bad.add(parsed.text(id));
      continue;
    }
    const name = parsed.text(left);
    if (right?.type === 'call' && (wrappedModel(right, parsed, ctx) || liblinearModel(right, parsed, ctx)))
      good.add(name);
    else bad.add(name);
  }
  for (const name of bad) good.delete(name);
  return good;
}

export const liblinearMulticlassOvr = defineRule({
  id: 'sklearn.liblinear-multiclass-ovr',
  title: "LogisticRegression(solver='liblinear') on 3+ classes → OneVsRestClassifier(LogisticRegression(…))",
  kind: 'error-repair',
  library: SK,
  since: { package: SK, version: '1.8', date: '2025-12-09' },
  deprecatedIn: '1.5',
  explanation:
    "Until 0.22 LogisticRegression() was liblinear with multi_class='ovr': one binary model per class. scikit-learn 1.5 deprecated multi_class and 1.8 removed it (changelog 1.5: \"If you still want to use the one-vs-rest scheme, you can use OneVsRestClassifier(LogisticRegression(..))\"); liblinear now refuses 3 or more classes (\"The 'liblinear' solver does not support multiclass classification … wrap the estimator in a OneVsRestClassifier\"). The failing model is wrapped so, which fits the same per-class models and predicts the same classes and normalized probabilities. Its coef_ and intercept_, which the wrapper does not have, are read where the notebook reads them (\"'OneVsRestClassifier' object has no attribute 'coef_'\") as the per-class models' stacked np.vstack([e.coef_ for e in m.estimators_]) and np.concatenate([e.intercept_ …]), the arrays the old model had, but only for a variable the notebook binds to nothing else.",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /The 'liblinear' solver does not support multiclass classification/ },
      { ename: 'AttributeError', evalue: /'OneVsRestClassifier' object has no attribute '(coef_|intercept_)'/ },
    ],
  },
  needles: ['LogisticRegression', 'coef_', 'intercept_'],
  prepare(notebook, ctx) {
    return ovrNames(notebook, ctx);
  },
  apply(parsed, ctx) {
    const names = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    const wrapping = ctx.errors.some((e) => e.ename === 'ValueError');
    const reading = ctx.errors.some((e) => e.ename === 'AttributeError');
    if (wrapping) {
      const models = ctx.nodes('call').filter((call) => liblinearModel(call, parsed, ctx));
      if (models.length === 0) return [];
      let ovr = ctx.imports.aliasFor(`sklearn.multiclass.${OVR}`);
      if (!ovr) {
        if (parsed.source.includes(OVR) && !/import[^\n]*OneVsRestClassifier/.test(parsed.source)) return [];
        ovr = OVR;
        const first = topLevelStatement(models[0] as Node);
        edits.push(insertAt(lineStart(parsed.source, first.startIndex), `from sklearn.multiclass import ${OVR}\n`));
      }
      for (const model of models) edits.push(replaceNode(model, `${ovr}(${parsed.text(model)})`));
    }
    // coef_ / intercept_ of a wrapped model: in this cell when wrapping it, or where the error says they are missing
    if (wrapping || reading) {
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
        if (!numpy) return wrapping ? edits : [];
        edits.push(...numpy.edits);
        for (const attr of reads) {
          const object = parsed.text(attr.childForFieldName('object') as Node);
          const member = parsed.text(attr.childForFieldName('attribute') as Node);
          const join = member === 'coef_' ? 'vstack' : 'concatenate';
          edits.push(replaceNode(attr, `${numpy.name}.${join}([e.${member} for e in ${object}.estimators_])`));
        }
      }
    }
    return edits;
  },
});

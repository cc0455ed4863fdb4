// Helpers shared by several xgboost rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext, NotebookView } from '../../rule';
import type { ImportTable } from '../../imports';
import { calleeOf } from '../helpers';

export const XGB_ESTIMATORS = ['XGBClassifier', 'XGBRegressor', 'XGBRanker', 'XGBRFClassifier', 'XGBRFRegressor'];

export function isXgbEstimator(call: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  return !!calleeOf(call, parsed, ctx.imports, 'xgboost', XGB_ESTIMATORS);
}

/**
 * Names the notebook binds to a subclass of an xgboost estimator under the estimator's own name and with its
 * constructor, `class XGBClassifier(xgb.XGBClassifier):` (the shim xgboost.label-encoder inserts): calls of them
 * construct that estimator, with its parameters and defaults. A subclass with an __init__ of its own is not one.
 */
export function xgbSubclassNames(notebook: NotebookView, imports: ImportTable): Set<string> {
  const names = new Set<string>();
  for (const cellIndex of notebook.codeCells) {
    if (!/class\s+XGB/.test(notebook.source(cellIndex))) continue;
    const parsed = notebook.parse(cellIndex);
    for (const def of parsed.nodes('class_definition')) {
      const name = def.childForFieldName('name');
      const bases = def.childForFieldName('superclasses')?.namedChildren ?? [];
      const base = bases.length === 1 ? imports.refersTo(bases[0] as Node, parsed, 'xgboost', XGB_ESTIMATORS) : null;
      const ownInit = def
        .descendantsOfType('function_definition')
        .some((f) => parsed.text(f.childForFieldName('name') as Node) === '__init__');
      if (name && base === parsed.text(name) && !ownInit) names.add(base);
    }
  }
  return names;
}

/** The calls in scope of such subclasses (xgbSubclassNames) among `names`, which the imports cannot resolve. */
export function xgbSubclassCalls(
  names: readonly string[],
): (parsed: ParsedSource, ctx: CellContext) => { node: Node; name: string }[] {
  return (parsed, ctx) => {
    const candidates = ctx.nodes('call').flatMap((node) => {
      const callee = node.childForFieldName('function');
      const name = callee?.type === 'identifier' ? parsed.text(callee) : null;
      return name && names.includes(name) && !ctx.imports.bindings.has(name) ? [{ node, name }] : [];
    });
    if (candidates.length === 0) return [];
    const subclasses = xgbSubclassNames(ctx.notebook, ctx.imports);
    return candidates.filter((call) => subclasses.has(call.name));
  };
}

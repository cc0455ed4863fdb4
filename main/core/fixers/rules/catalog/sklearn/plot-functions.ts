// sklearn.plot-functions — plot_confusion_matrix / plot_roc_curve / plot_precision_recall_curve →
// *Display.from_estimator
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     from sklearn.metrics import plot_confusion_matrix
//     plot_confusion_matrix(clf, X_test, y_test, cmap="Blues")
//   →
//     from sklearn.metrics import ConfusionMatrixDisplay
//     ConfusionMatrixDisplay.from_estimator(clf, X_test, y_test, cmap="Blues")
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a notebook's own function of the same name (`def plot_confusion_matrix(cm, classes, …)`, the
// scikit-learn gallery helper that many 2016–2019 notebooks copied) and every call of it.
import { cellBindings } from '../../bindings';
import { type NotebookView, defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { SK, sk } from './_shared';

const PLOT_FUNCTIONS: Record<string, string> = {
  plot_confusion_matrix: 'ConfusionMatrixDisplay',
  plot_roc_curve: 'RocCurveDisplay',
  plot_precision_recall_curve: 'PrecisionRecallDisplay',
};

export const plotFunctions = defineRule({
  id: 'sklearn.plot-functions',
  title: 'plot_confusion_matrix / plot_roc_curve / plot_precision_recall_curve → *Display.from_estimator',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'The sklearn.metrics.plot_* functions were removed in 1.2; ' +
    'ConfusionMatrixDisplay/RocCurveDisplay/PrecisionRecallDisplay.from_estimator take the same arguments.',
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue: /cannot import name '(plot_confusion_matrix|plot_roc_curve|plot_precision_recall_curve)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(PLOT_FUNCTIONS),
  prepare(notebook) {
    return ownFunctions(notebook);
  },
  apply(parsed, ctx) {
    const own = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    // the cell's imports wherever they are: the import of a removed name fails the cell before any call
    for (const statement of parsed.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.metrics') continue;
      for (const item of statement.childrenForFieldName('name')) {
        const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const display = name ? PLOT_FUNCTIONS[parsed.text(name)] : undefined;
        if (name && display) edits.push(replaceNode(item, display));
      }
    }
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn) continue;
      const q = ctx.imports.resolve(fn, parsed) ?? parsed.text(fn);
      const name = q.slice(q.lastIndexOf('.') + 1);
      const display = PLOT_FUNCTIONS[name];
      // a bare name no import reaches: the removed function only when the notebook defines no function of that name
      if (!display || !(q.startsWith('sklearn.') || (q === name && !own.has(name)))) continue;
      const prefix = fn.type === 'attribute' ? parsed.text(fn.childForFieldName('object') as Node) + '.' : '';
      edits.push(replaceNode(fn, `${prefix}${display}.from_estimator`));
    }
    return edits;
  },
});

/** The plot_* names the notebook binds itself (def, class or assignment in any cell), not through an import. */
function ownFunctions(notebook: NotebookView): Set<string> {
  const own = new Set<string>();
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    const names = Object.keys(PLOT_FUNCTIONS).filter((name) => source.includes(name));
    if (names.length === 0) continue;
    const parsed = notebook.parse(index);
    for (const name of names) if (bindsName(parsed, name)) own.add(name);
  }
  return own;
}

function bindsName(parsed: ParsedSource, name: string): boolean {
  if (cellBindings(parsed, ['definition']).some(({ target }) => parsed.text(target) === name)) return true;
  return cellBindings(parsed, ['assignment']).some(
    ({ target: left }) => left.type === 'identifier' && parsed.text(left) === name,
  );
}

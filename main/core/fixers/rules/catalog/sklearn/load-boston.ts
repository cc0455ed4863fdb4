// sklearn.load-boston — from sklearn.datasets import load_boston → a load_boston that reads the data from its source
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0, removed load_boston ("`load_boston` has been
// removed from scikit-learn since version 1.2"), for the ethical problem its removal notice explains. The notice gives
// the code that reads the same 506 records from their original source, StatLib.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     from sklearn.datasets import load_boston, load_iris
//   →
//     from sklearn.datasets import load_iris
//     def load_boston(return_X_y=False):
//         # load_boston was removed in scikit-learn 1.2 (see its removal notice for the dataset's ethical problem): …
//         raw = pd.read_csv('http://lib.stat.cmu.edu/datasets/boston', sep=r'\s+', skiprows=22, header=None)
//         …
// Fix safety: Same data: the 506 records and 13 features of the removed loader, read with the removal notice's own
// code, returned as its Bunch (data, target, feature_names) or (data, target) for return_X_y=True, so the calls
// stay as they are. DESCR is a one-line description, not the old text. The data comes from lib.stat.cmu.edu: a run
// without network needs that URL mapped to a local copy (data.urls, or the URL map of the settings).
// Left alone: a load_boston of the notebook's own, an import inside a function or block, and notebooks whose
// scikit-learn still has load_boston.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { definesName, lineStart, topLevelStatement } from '../../syntax';
import { fromImportNames } from '../helpers';
import { SK, sk } from './_shared';

const NAMES = "['CRIM', 'ZN', 'INDUS', 'CHAS', 'NOX', 'RM', 'AGE', 'DIS', 'RAD', 'TAX', 'PTRATIO', 'B', 'LSTAT']";

/** scikit-learn's removal notice's code, returning what load_boston returned */
function loader(name: string): string {
  return [
    `def ${name}(return_X_y=False):`,
    "    # load_boston was removed in scikit-learn 1.2 (see its removal notice for the dataset's ethical problem):",
    '    # the same records from their original source, read as that notice shows',
    '    import numpy as np',
    '    import pandas as pd',
    '    from sklearn.utils import Bunch',
    "    raw = pd.read_csv('http://lib.stat.cmu.edu/datasets/boston', sep=r'\\s+', skiprows=22, header=None)",
    '    data = np.hstack([raw.values[::2, :], raw.values[1::2, :2]])',
    '    target = raw.values[1::2, 2]',
    '    if return_X_y:',
    '        return data, target',
    `    names = np.array(${NAMES})`,
    "    return Bunch(data=data, target=target, feature_names=names, DESCR='Boston house prices (StatLib)')",
    '',
  ].join('\n');
}

export const loadBoston = defineRule({
  id: 'sklearn.load-boston',
  title: 'from sklearn.datasets import load_boston → a load_boston reading the data from StatLib',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'scikit-learn 1.2 removed load_boston; its removal notice gives the code that reads the same 506 records ' +
    'from their original source (lib.stat.cmu.edu). A load_boston built on that code returns the Bunch the old ' +
    'loader returned (data, target, feature_names), so the notebook computes on the same data. Offline, map the ' +
    'URL to a local copy.',
  trigger: {
    errors: [{ ename: 'ImportError', evalue: /`load_boston` has been removed from scikit-learn/ }],
  },
  needles: ['load_boston'],
  apply(parsed, ctx) {
    // the notebook's own load_boston (or this rule's, once applied); the import being fixed is not one
    if (definesName(parsed, 'load_boston', { imports: false })) return [];
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module) !== 'sklearn.datasets' || statement.parent?.type !== 'module') continue;
      const names = fromImportNames(statement, parsed);
      const boston = names.find((n) => n.name === 'load_boston');
      if (!boston) continue;
      const others = names.filter((n) => n !== boston).map((n) => n.text);
      const kept = others.length > 0 ? `from sklearn.datasets import ${others.join(', ')}\n` : '';
      edits.push(replaceNode(statement, `${kept}${loader(boston.local)}`.replace(/\n$/, '')));
    }
    // datasets.load_boston(…) / sklearn.datasets.load_boston(…): the loader is defined before the statement
    let defined = false;
    for (const { node } of ctx.calls({ module: 'sklearn.datasets', names: ['load_boston'] })) {
      const fn = node.childForFieldName('function') as Node;
      if (fn.type !== 'attribute') continue;
      const statement = topLevelStatement(node);
      if (!defined) edits.push(insertAt(lineStart(parsed.source, statement.startIndex), loader('load_boston')));
      defined = true;
      edits.push(replaceNode(fn, 'load_boston'));
    }
    return edits;
  },
});

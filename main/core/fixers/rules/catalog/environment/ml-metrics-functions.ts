// environment.ml-metrics-functions — import of the missing ml_metrics package → the functions the notebook uses,
// defined in place with the package's formulas
//
// Why it broke: ml_metrics (Ben Hamner's evaluation metrics of Kaggle's competitions, last release 0.1.4 in 2012,
// pip `ml_metrics`) was a common import of 2013–2017 competition notebooks (auc, rmse). It is not part of the
// stacks notebooks run in today and its import stops the cell (ModuleNotFoundError: No module named 'ml_metrics'),
// so every later use fails with a NameError.
// Changelog: https://github.com/benhamner/Metrics/tree/master/Python/ml_metrics (auc.py, elementwise.py)
// Example:
//     import ml_metrics
//     roc_auc = ml_metrics.auc(y_test, pred_scr)
//   →
//     class ml_metrics:  # nbrevive: ml_metrics (Kaggle's metrics package, 2012) is not installed here: …
//         @staticmethod
//         def auc(actual, posterior):
//             …
//     roc_auc = ml_metrics.auc(y_test, pred_scr)
// Fix safety: Same results: each function is the package's formula (auc: the rank-sum statistic with tied ranks
// averaged and the positives those equal to 1; mae, mse, rmse: means of numpy element-wise errors), reading lists and
// arrays positionally and a pandas Series by its index labels (`actual[i]`) as the package did. Only the functions the
// notebook uses are written, and only when every use is one of those.
// Left alone: not without the error (the package may be installed); an import inside a block (the notebook's own
// fallback) or sharing its line; a use of another ml_metrics function (apk and mapk among them: the package's
// releases disagree on an empty list's score), of the module as a value (`m = ml_metrics`),
// or a name of the notebook's own bound the same way (`def ml_metrics`, `auc = …` before the import is read).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { sourcesWithout } from './_shared';

const MISSING = /^No module named 'ml_metrics'/;

/** the package's functions this rule writes (0.1.4's formulas), each a top-level def of the given name */
const FUNCTIONS: Record<string, (name: string) => string[]> = {
  auc: (name) => [
    `def ${name}(actual, posterior):`,
    '    import numpy as np',
    '    from scipy.stats import rankdata',
    '    ranks = rankdata(np.asarray(posterior))  # tied values share their average rank, as tied_rank gave',
    '    num_positive = len([0 for x in actual if x == 1])',
    '    num_negative = len(actual) - num_positive',
    '    # actual[i] as the package read it (a pandas Series by its index labels)',
    '    sum_positive = float(sum(ranks[i] for i in range(len(ranks)) if actual[i] == 1))',
    '    return (sum_positive - num_positive * (num_positive + 1) / 2.0) / (num_negative * num_positive)',
  ],
  mae: (name) => [
    `def ${name}(actual, predicted):`,
    '    import numpy as np',
    '    return np.mean(np.abs(np.array(actual) - np.array(predicted)))',
  ],
  mse: (name) => [
    `def ${name}(actual, predicted):`,
    '    import numpy as np',
    '    return np.mean(np.power(np.array(actual) - np.array(predicted), 2))',
  ],
  rmse: (name) => [
    `def ${name}(actual, predicted):`,
    '    import numpy as np',
    '    return np.sqrt(np.mean(np.power(np.array(actual) - np.array(predicted), 2)))',
  ],
};

/** the package's function `name` written as a def named `local` (a name of FUNCTIONS) */
function writeFunction(name: string, local: string): string[] {
  return FUNCTIONS[name]?.(local) ?? [];
}

const NOTE =
  "# nbrevive: ml_metrics (Kaggle's metrics package, 2012) is not installed here: the functions this notebook uses, " +
  "with the package's formulas";

/** Every use of `alias` in the notebook's code outside `statement`: the attributes read (`alias.auc`), or null when
 * one use is anything else (the module as a value, a rebinding, an unknown function). */
function attributesUsed(alias: string, statement: Node, parsed: ParsedSource, ctx: CellContext): string[] | null {
  const word = new RegExp(`(?<![\\w.])${alias}(?!\\w)(\\s*\\.\\s*(\\w+))?`, 'g');
  const used = new Set<string>();
  for (const source of sourcesWithout(statement, parsed, ctx)) {
    for (const match of source.matchAll(word)) {
      const attribute = match[2];
      if (!attribute || !(attribute in FUNCTIONS)) return null;
      used.add(attribute);
    }
  }
  return [...used].sort();
}

/** Is `name` bound anywhere in the notebook other than by `statement` (a def, class, assignment, another import)? */
function boundElsewhere(name: string, statement: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  const binding = new RegExp(
    `(^|\\n)[ \\t]*(def|class)\\s+${name}\\b|(^|[\\n;,(])[ \\t]*${name}\\s*(,[^=\\n]*)?=(?!=)|\\bimport\\s[^\\n]*\\b${name}\\b|\\bas\\s+${name}\\b|\\bfor\\s+${name}\\b`,
  );
  for (const source of sourcesWithout(statement, parsed, ctx)) if (binding.test(source)) return true;
  return false;
}

/** Is the statement alone on its lines (no `;` neighbour)? */
function ownLines(statement: Node, parsed: ParsedSource): boolean {
  const before = parsed.source.slice(
    parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
    statement.startIndex,
  );
  const eol = parsed.source.indexOf('\n', statement.endIndex);
  const after = parsed.source.slice(statement.endIndex, eol === -1 ? parsed.source.length : eol).trim();
  return before.trim() === '' && (after === '' || after.startsWith('#'));
}

/** `import ml_metrics [as m]` → the local name; null for other imports */
function moduleAlias(statement: Node, parsed: ParsedSource): string | null {
  const items = statement.childrenForFieldName('name');
  const item = items[0];
  if (items.length !== 1 || !item) return null;
  const dotted = parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
  if (dotted !== 'ml_metrics') return null;
  const alias = item.type === 'aliased_import' ? item.childForFieldName('alias') : null;
  return alias ? parsed.text(alias) : 'ml_metrics';
}

/** `from ml_metrics import auc, rmse as r` → [[auc, auc], [rmse, r]]; null for other imports or an unknown name */
function fromNames(statement: Node, parsed: ParsedSource): Array<[string, string]> | null {
  const module = statement.childForFieldName('module_name');
  if (!module || parsed.text(module) !== 'ml_metrics') return null;
  const items = statement.childrenForFieldName('name');
  if (items.length === 0) return null;
  const names: Array<[string, string]> = [];
  for (const item of items) {
    const name = parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
    const local = item.type === 'aliased_import' ? parsed.text(item.childForFieldName('alias') as Node) : name;
    if (!(name in FUNCTIONS)) return null;
    names.push([name, local]);
  }
  return names;
}

export const mlMetricsFunctions = defineRule({
  id: 'environment.ml-metrics-functions',
  title: 'import of the missing ml_metrics package → the functions the notebook uses, defined with its formulas',
  kind: 'environment',
  library: 'Python',
  since: { package: 'python', version: '3.0' },
  explanation:
    "ml_metrics (Ben Hamner's Kaggle evaluation metrics, 2012) is not installed in today's stacks, so its import " +
    'stops the cell and every use fails. Where every use is one of its simple functions (auc, mae, mse, rmse), ' +
    "the import is replaced by those functions written with the package's own formulas (auc: the rank-sum " +
    'statistic with tied ranks averaged, positives equal to 1), so the notebook computes the numbers it printed.',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING }] },
  errorScope: 'line',
  needles: ['ml_metrics'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_statement')) {
      if (statement.parent?.type !== 'module' || !ownLines(statement, parsed)) continue;
      const alias = moduleAlias(statement, parsed);
      if (!alias || boundElsewhere(alias, statement, parsed, ctx)) continue;
      const used = attributesUsed(alias, statement, parsed, ctx);
      if (!used || used.length === 0) continue;
      const body = used.flatMap((name) => [
        '    @staticmethod',
        ...writeFunction(name, name).map((line) => `    ${line}`),
      ]);
      edits.push(replaceNode(statement, [`class ${alias}:  ${NOTE}`, ...body].join('\n')));
    }
    for (const statement of ctx.nodes('import_from_statement')) {
      if (statement.parent?.type !== 'module' || !ownLines(statement, parsed)) continue;
      const names = fromNames(statement, parsed);
      if (!names || names.some(([, local]) => boundElsewhere(local, statement, parsed, ctx))) continue;
      const defs = names.flatMap(([name, local]) => writeFunction(name, local));
      edits.push(replaceNode(statement, [NOTE, ...defs].join('\n')));
    }
    return edits;
  },
});

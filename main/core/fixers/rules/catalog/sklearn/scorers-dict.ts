// sklearn.scorers-dict — sorted(SCORERS.keys()) → get_scorer_names()
//
// Why it broke: scikit-learn 1.3 (2023-06-30), deprecated since 1.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.3.html
// Example:
//     from sklearn.metrics import SCORERS
//     print(sorted(SCORERS.keys()))
//   →
//     from sklearn.metrics import get_scorer_names
//     print(sorted(get_scorer_names()))
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.3; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Where the cell that imports SCORERS reads it otherwise (SCORERS[name], `name in SCORERS`), the import becomes the
// same dict, built from get_scorer(name) for each of get_scorer_names():
//     from sklearn.metrics import get_scorer, get_scorer_names
//     SCORERS = {name: get_scorer(name) for name in get_scorer_names()}
// Left alone: a dict of the notebook named SCORERS; SCORERS[name] in a cell without the import.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, positionalArguments, methodReceiver } from '../../syntax';
import { insertAtCellTop } from '../helpers';

/** Is the node sklearn.metrics.SCORERS (through the notebook's imports)? */
function isScorers(node: Node | null, resolve: (n: Node) => string | null): boolean {
  return !!node && resolve(node) === 'sklearn.metrics.SCORERS';
}

/** The dict SCORERS was: each scorer under its name (get_scorer gives a copy of the same scorer). */
const REBUILT =
  'from sklearn.metrics import get_scorer, get_scorer_names\nSCORERS ' +
  '= {name: get_scorer(name) for name in get_scorer_names()}';

/**
 * `from sklearn.metrics import SCORERS` statements of the cell, and whether the cell reads SCORERS after it otherwise
 * than as `SCORERS.keys()`.
 */
function scorersImports(parsed: ParsedSource): { statement: Node; otherUses: boolean }[] {
  const found: { statement: Node; otherUses: boolean }[] = [];
  for (const statement of parsed.nodes('import_from_statement')) {
    const names = statement.childrenForFieldName('name');
    if (
      names.length !== 1 ||
      parsed.text(names[0] as Node) !== 'SCORERS' ||
      parsed.text(statement.childForFieldName('module_name') as Node) !== 'sklearn.metrics'
    )
      continue;
    const otherUses = parsed
      .nodes('identifier')
      .some(
        (id) =>
          id.startIndex > statement.endIndex &&
          parsed.text(id) === 'SCORERS' &&
          !(id.parent?.type === 'attribute' && id.parent.parent?.type === 'call'),
      );
    found.push({ statement, otherUses });
  }
  return found;
}

export const scorersDict = defineRule({
  id: 'sklearn.scorers-dict',
  title: 'sorted(SCORERS.keys()) → get_scorer_names()',
  kind: 'error-repair',
  library: 'scikit-learn',
  since: { package: 'scikit-learn', version: '1.3', date: '2023-06-30' },
  deprecatedIn: '1.0',
  explanation:
    'sklearn.metrics.SCORERS, the dict of scorer names, was deprecated in 1.0 ("use ' +
    'sklearn.metrics.get_scorer_names() to get a list of available scorers") and removed in 1.3. Where the ' +
    'code reads its keys, SCORERS.keys() becomes get_scorer_names(), the sorted list of the same names ' +
    '(sorted() of it is unchanged). Where the cell importing it reads it otherwise (SCORERS[name], `name in ' +
    'SCORERS`), the import becomes the same dict: {name: get_scorer(name) for name in get_scorer_names()}.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name 'SCORERS'/ },
      { ename: 'AttributeError', evalue: /has no attribute 'SCORERS'/ },
    ],
    pattern: true,
  },
  needles: ['SCORERS'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const resolve = (n: Node): string | null => ctx.imports.resolve(n, parsed);
    let needsImport = false;
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'keys' || positionalArguments(call).length > 0) continue;
      const receiver = methodReceiver(call);
      if (!isScorers(receiver, resolve)) continue;
      if (receiver?.type === 'attribute') {
        // `metrics.SCORERS.keys()` → `metrics.get_scorer_names()`
        edits.push(
          replaceNode(call, `${parsed.text(receiver.childForFieldName('object') as Node)}.get_scorer_names()`),
        );
      } else {
        edits.push(replaceNode(call, 'get_scorer_names()'));
        needsImport = true;
      }
    }
    // a cell that imports the dict and reads it otherwise than by its keys (or not at all: other cells may) gets the
    // same dict back, built from the scorers of the same names
    const imports = scorersImports(parsed);
    if (imports.some((i) => i.otherUses) || (edits.length === 0 && imports.length > 0))
      return imports.map((i) => replaceNode(i.statement, REBUILT));
    if (edits.length === 0) return edits;
    // `from sklearn.metrics import SCORERS` fails at import: it becomes the new name when the cell reads only the keys
    let importReplaced = false;
    for (const { statement } of scorersImports(parsed)) {
      edits.push(replaceNode(statement, 'from sklearn.metrics import get_scorer_names'));
      importReplaced = true;
    }
    if (
      needsImport &&
      !importReplaced &&
      ctx.imports.bindings.get('get_scorer_names') !== 'sklearn.metrics.get_scorer_names'
    )
      edits.push(insertAtCellTop(parsed, 'from sklearn.metrics import get_scorer_names'));
    return edits;
  },
});

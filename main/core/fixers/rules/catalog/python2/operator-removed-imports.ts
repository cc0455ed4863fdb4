// python2.operator-removed-imports — `from operator import idiv` of a name Python 3 removed, never used → dropped
//
// Why it broke: Python 3.0 (2008-12-03) removed operator.div and idiv (classic division, PEP 238: truediv/floordiv
// remain), the slice functions getslice/setslice/delslice, repeat/irepeat and the type predicates isCallable,
// sequenceIncludes, isSequenceType, isMappingType and isNumberType. `from operator import idiv` now raises
// "ImportError: cannot import name 'idiv' from 'operator'", and the cell stops there, also where the notebook never
// calls the name (imported beside `from __future__ import division` and left unused).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Changelog: https://docs.python.org/2/library/operator.html (2.7: div, idiv, isCallable … "not in Python 3")
// Example:
//     from __future__ import division
//     from operator import idiv
//     from operator import itemgetter, div
//     print(itemgetter(1)(pair))
//   →
//     from __future__ import division
//     from operator import itemgetter
//     print(itemgetter(1)(pair))
// Fix safety: Same result: only a removed name that no code of the notebook reads is dropped (the import bound a
// name nothing used, and importing it had no other effect); the other names of the import stay.
// Left alone: a removed name the notebook uses (div(a, b) is floor or true division depending on its operands'
// types, so no one rewrite computes what it did; python2.operator-functions rewrites operator.isCallable(x) and
// its kin), imports inside a try block (the notebook's own fallback), `import operator`. (A file operator.py beside
// the notebook never shadows the standard library's: the interpreter has imported operator before the notebook runs.)
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { deleteStatement, inTry, usedInNotebook } from '../python/unused-removed-module-imports';
import { PY3 } from './_shared';

/** names the operator module of Python 2.7 had and Python 3's has not */
const REMOVED = [
  'div',
  'idiv',
  '__div__',
  '__idiv__',
  'getslice',
  'setslice',
  'delslice',
  '__getslice__',
  '__setslice__',
  '__delslice__',
  'repeat',
  'irepeat',
  '__repeat__',
  '__irepeat__',
  'isCallable',
  'sequenceIncludes',
  'isSequenceType',
  'isMappingType',
  'isNumberType',
];

export const operatorRemovedImports = defineRule({
  id: 'python2.operator-removed-imports',
  title: '`from operator import idiv` of a name Python 3 removed, never used → dropped',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 removed operator.div and idiv, the slice functions, repeat/irepeat and isCallable's family, so " +
    "`from operator import idiv` raises ImportError (\"cannot import name 'idiv' from 'operator'\") and stops the " +
    'cell. A removed name that the notebook never reads is dropped from the import (it bound a name nothing used); ' +
    'one it uses is left alone (div(a, b) was floor or true division by the types of its operands).',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: new RegExp(`cannot import name '(${REMOVED.join('|')})' from 'operator'`) },
    ],
    pattern: true,
  },
  needles: [/^[ \t]*from[ \t]+operator[ \t]+import\b/m],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module) !== 'operator' || inTry(statement)) continue;
      const items = statement.childrenForFieldName('name').filter((n): n is Node => n !== null);
      if (items.length === 0) continue; // a star import
      const unused = items.filter((item) => {
        const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const bound = item.type === 'aliased_import' ? item.childForFieldName('alias') : item;
        return !!name && !!bound && REMOVED.includes(parsed.text(name)) && !usedInNotebook(ctx, parsed.text(bound));
      });
      if (unused.length === 0) continue;
      if (unused.length === items.length) {
        edits.push(deleteStatement(statement, parsed));
        continue;
      }
      const kept = items.filter((item) => !unused.includes(item)).map((item) => parsed.text(item));
      edits.push(replaceNode(statement, `from operator import ${kept.join(', ')}`));
    }
    return edits;
  },
});

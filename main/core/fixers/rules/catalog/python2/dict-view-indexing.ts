// python2.dict-view-indexing — d.keys()[i] → list(d.keys())[i], a.items() + b.items() → list(…) + list(…)
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     first = d.keys()[0]
//   →
//     first = list(d.keys())[0]
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { methodName, callArguments } from '../../syntax';
import { PY3 } from './_shared';

export const dictViewIndexing = defineRule({
  id: 'python2.dict-view-indexing',
  title: 'd.keys()[i] → list(d.keys())[i], a.items() + b.items() → list(…) + list(…)',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'In Python 3 keys()/values()/items() return views that cannot be indexed ' +
    'or concatenated; wrapping them in list() gives the Python 2 list.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /'dict_(keys|values|items)' object is not subscriptable|unsupported operand type\(s\) for \+: 'dict_(keys|values|items)'/,
      },
    ],
  },
  errorScope: 'line',
  needles: ['keys()', 'values()', 'items()'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const isView = (node: Node | null): node is Node =>
      !!node &&
      node.type === 'call' &&
      ['keys', 'values', 'items'].includes(methodName(node, parsed) ?? '') &&
      callArguments(node).length === 0;
    for (const op of ctx.nodes('binary_operator')) {
      if (op.childForFieldName('operator')?.type !== '+') continue;
      for (const side of [op.childForFieldName('left'), op.childForFieldName('right')])
        if (isView(side)) edits.push(replaceNode(side, `list(${parsed.text(side)})`));
    }
    for (const subscript of ctx.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (!value || value.type !== 'call') continue;
      const name = methodName(value, parsed);
      if (!name || !['keys', 'values', 'items'].includes(name) || callArguments(value).length > 0) continue;
      edits.push(replaceNode(value, `list(${parsed.text(value)})`));
    }
    return edits;
  },
});

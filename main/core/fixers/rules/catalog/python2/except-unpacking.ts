// python2.except-unpacking — except E, (a, b): → except E as e: (a, b) = e.args
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     except IOError, (errno, msg):
//   →
//     except IOError as exc:
//         errno, msg = exc.args
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: except (A, B) as e: is Python 3 already.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3 } from './_shared';

export const exceptUnpacking = defineRule({
  id: 'python2.except-unpacking',
  title: 'except E, (a, b): → except E as e: (a, b) = e.args',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 2 could unpack an exception into names (`except E, (errno, msg):` unpacked ' +
    'its args); Python 3 binds only one name (PEP 3110). The clause binds the exception ' +
    "and unpacks its .args on the first line of the handler, as lib2to3's fix_except does.",
  trigger: {
    errors: [{ ename: 'SyntaxError', evalue: /multiple exception types must be parenthesized|invalid syntax/ }],
    pattern: true,
  },
  needles: [/\bexcept\b[^:\n]*,\s*[([]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const clause of ctx.nodes('except_clause')) {
      const values = clause.childrenForFieldName('value');
      const target = values[1];
      const block = clause.namedChildren.find((c) => c.type === 'block');
      if (values.length !== 2 || !target || !['tuple', 'list'].includes(target.type) || !block) continue;
      if (!target.namedChildren.every((c) => c.type === 'identifier')) continue;
      const first = block.namedChildren[0];
      if (!first) continue;
      const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
      if (/\S/.test(indent)) continue;
      const names = target.namedChildren.map((c) => parsed.text(c));
      let bound = 'exc';
      for (let i = 2; names.includes(bound) || parsed.source.includes(`${bound}.args`); i++) bound = `exc${i}`;
      const comma = clause.children.find(
        (c) => c.type === ',' && c.startIndex >= (values[0] as Node).endIndex && c.endIndex <= target.startIndex,
      );
      if (!comma) continue;
      edits.push(
        { start: comma.startIndex, end: target.endIndex, text: ` as ${bound}` },
        insertAt(first.startIndex, `${names.join(', ')}${names.length === 1 ? ',' : ''} = ${bound}.args\n${indent}`),
      );
    }
    return edits;
  },
});

// python2.tuple-parameters — lambda (k, v): v → lambda k_v: k_v[1]; lambda (x): x → lambda x: x; def f((a, b)): →
// unpacked in the body
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     top = sorted(d.items(), key=lambda (k, v): v, reverse=True)
//     def dist((x, y)):
//   →
//     top = sorted(d.items(), key=lambda k_v: k_v[1], reverse=True)
//     def dist(x_y):
//         x, y = x_y
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode, insertAt } from '../../source-edit';
import { isNameUse, PY3 } from './_shared';

/** Identifiers in `body` that read one of `names` (not attribute names, keyword names or inner definitions). */
function nameReads(body: Node, names: readonly string[], parsed: ParsedSource): Node[] {
  return body
    .descendantsOfType('identifier')
    .filter((id): id is Node => !!id && names.includes(parsed.text(id)) && isNameUse(id, ['lambda_parameters']));
}

/** `(x)` — a parenthesized name, not a tuple (no comma): Python 2 read it as the plain parameter x. */
function isParenthesizedName(pattern: Node): boolean {
  return (
    pattern.namedChildCount === 1 &&
    pattern.namedChildren[0]?.type === 'identifier' &&
    !pattern.children.some((c) => c.type === ',')
  );
}

/** The names of a (nested) tuple parameter with their index paths: (k, (a, b)) → k [0], a [1][0], b [1][1]. */
function tupleNames(pattern: Node, parsed: ParsedSource, path = ''): { name: string; path: string }[] | null {
  const out: { name: string; path: string }[] = [];
  for (const [i, item] of pattern.namedChildren.entries()) {
    if (item.type === 'identifier') out.push({ name: parsed.text(item), path: `${path}[${i}]` });
    else if (item.type === 'tuple_pattern' && !isParenthesizedName(item)) {
      const inner = tupleNames(item, parsed, `${path}[${i}]`);
      if (!inner) return null;
      out.push(...inner);
    } else if (item.type === 'tuple_pattern')
      out.push({ name: parsed.text(item.namedChildren[0] as Node), path: `${path}[${i}]` });
    else return null;
  }
  return out;
}

export const tupleParameters = defineRule({
  id: 'python2.tuple-parameters',
  title: 'lambda (k, v): v → lambda k_v: k_v[1]; lambda (x): x → lambda x: x; def f((a, b)): → unpacked in the body',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 removed tuple parameters (PEP 3113). A lambda takes the tuple as one ' +
    'parameter and indexes it (nested tuples by nested indexes); a function unpacks ' +
    'it on the first line of its body. A merely parenthesized single parameter, ' +
    '`lambda (x): x + 1`, was never a tuple: the parentheses are dropped. Same values.',
  trigger: {
    errors: [
      {
        ename: 'SyntaxError',
        evalue: /invalid syntax|Lambda expression parameters cannot be parenthesized|cannot be parenthesized/,
      },
    ],
    pattern: true,
  },
  needles: [/lambda\s*\(|def\s+\w+\s*\([^)]*\(/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // A def with several tuple parameters unpacks each of them: one insertion per body, lines in parameter order
    const unpacks = new Map<number, { indent: string; lines: string[] }>();
    for (const pattern of ctx.nodes('tuple_pattern')) {
      const params = pattern.parent;
      if (!params || !['lambda_parameters', 'parameters'].includes(params.type)) continue;
      if (isParenthesizedName(pattern)) {
        edits.push(replaceNode(pattern, parsed.text(pattern.namedChildren[0] as Node)));
        continue;
      }
      const items = tupleNames(pattern, parsed);
      if (!items || items.length === 0) continue;
      const names = items.map((i) => i.name);
      const joined = names.join('_');
      const owner = params.parent;
      const body = owner?.childForFieldName('body');
      if (!owner || !body) continue;
      if (owner.type === 'lambda') {
        edits.push(replaceNode(pattern, joined));
        for (const id of nameReads(body, names, parsed))
          edits.push(replaceNode(id, `${joined}${items[names.indexOf(parsed.text(id))]?.path ?? ''}`));
      } else if (body.type === 'block') {
        const first = body.namedChildren[0];
        if (!first) continue;
        const indent = parsed.source.slice(parsed.source.lastIndexOf('\n', first.startIndex - 1) + 1, first.startIndex);
        if (/\S/.test(indent)) continue;
        // Python 3 unpacks nested tuples in an assignment: `(a, (b, c)) = a_b_c`
        const flat = pattern.namedChildren.every((i) => i.type === 'identifier');
        const target = flat ? names.join(', ') : parsed.text(pattern).replace(/\s+/g, ' ');
        edits.push(replaceNode(pattern, joined));
        const entry = unpacks.get(first.startIndex) ?? { indent, lines: [] };
        entry.lines.push(`${target} = ${joined}`);
        unpacks.set(first.startIndex, entry);
      }
    }
    for (const [at, { indent, lines }] of unpacks)
      edits.push(insertAt(at, lines.map((line) => `${line}\n${indent}`).join('')));
    return edits;
  },
});

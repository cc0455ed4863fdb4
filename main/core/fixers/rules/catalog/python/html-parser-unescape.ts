// python.html-parser-unescape — HTMLParser().unescape(s) → html.unescape(s)
//
// Why it broke: Python 3.9 (2020-10-05) removed HTMLParser.unescape (deprecated in 3.4: "use html.unescape()
// instead"), which since 3.4 only warned and returned html.unescape(s); the old call fails with AttributeError:
// 'HTMLParser' object has no attribute 'unescape'.
// Changelog: https://docs.python.org/3/whatsnew/3.9.html#removed
// Example:
//     from html.parser import HTMLParser
//     h = HTMLParser()
//     text = h.unescape(raw)
//   →
//     from html.parser import HTMLParser
//     import html
//     h = HTMLParser()
//     text = html.unescape(raw)
// Fix safety: Same result: the removed method was html.unescape(s) itself (Lib/html/parser.py of 3.4–3.8), the
// same entity table and the same string.
// Left alone: a receiver the notebook does not build with html.parser.HTMLParser() (a subclass, a name bound to
// something else too, another library's unescape).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, methodReceiver } from '../../syntax';
import { py } from './_shared';

const PARSER = 'html.parser.HTMLParser';

function isParserConstruction(node: Node | null, parsed: ParsedSource, ctx: CellContext): boolean {
  return node?.type === 'call' && ctx.imports.resolve(node.childForFieldName('function'), parsed) === PARSER;
}

/** Names every assignment of the notebook binds to html.parser.HTMLParser() (and nothing else). */
function parserNames(ctx: CellContext): Set<string> {
  const parsers = new Set<string>();
  const others = new Set<string>();
  for (const { target: left, value, parsed } of ctx.bindings({ kinds: ['assignment'] })) {
    if (left.type !== 'identifier') continue;
    const name = parsed.text(left);
    if (isParserConstruction(value, parsed, ctx)) parsers.add(name);
    else others.add(name);
  }
  for (const name of others) parsers.delete(name);
  return parsers;
}

export const htmlParserUnescape = defineRule({
  id: 'python.html-parser-unescape',
  title: 'HTMLParser().unescape(s) → html.unescape(s)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.9', '2020-10-05'),
  deprecatedIn: '3.4',
  explanation:
    'Python 3.9 removed HTMLParser.unescape (deprecated in 3.4), which since 3.4 returned html.unescape(s): ' +
    "the call on a parser the notebook builds with html.parser.HTMLParser() (Python 2's HTMLParser.HTMLParser(), " +
    'once its module is renamed) becomes html.unescape(s), with `import html` added where needed.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'HTMLParser' object has no attribute 'unescape'/ }],
    pattern: true,
  },
  needles: ['.unescape('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let names: Set<string> | null = null;
    let html: ReturnType<typeof ctx.requireImport> | undefined;
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'unescape') continue;
      const receiver = methodReceiver(call);
      if (!receiver) continue;
      if (!isParserConstruction(receiver, parsed, ctx)) {
        if (receiver.type !== 'identifier') continue;
        names ??= parserNames(ctx);
        if (!names.has(parsed.text(receiver))) continue;
      }
      const callee = call.childForFieldName('function');
      if (html === undefined) {
        html = ctx.requireImport('html', 'html');
        if (html) edits.push(...html.edits);
      }
      if (!html || !callee) continue;
      edits.push(replaceNode(callee, `${html.name}.unescape`));
    }
    return edits;
  },
});

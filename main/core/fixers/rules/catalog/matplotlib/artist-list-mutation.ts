// matplotlib.artist-list-mutation — del ax.lines[0] / ax.lines.remove(l) / ax.lines.pop(0) → the artist's remove()
//
// Why it broke: matplotlib 3.7 (2023-02-13), deprecated since 3.5: Axes.lines, patches, collections, images, texts,
// artists and tables became read-only ArtistList views, so removing an artist by editing the list raises
// "TypeError: 'ArtistList' object doesn't support item deletion" or "'ArtistList' object has no attribute
// 'remove'/'pop'". Artist.remove() is the documented way (it also took the artist out of those lists before).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.5.0.html#modification-of-axes-children-sublists
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.7.0.html#removals
// Example:
//     del ax.lines[0]
//     ax.lines.remove(line)
//     ax.collections.pop()
//   →
//     ax.lines[0].remove()
//     line.remove()
//     ax.collections[-1].remove()
// Fix safety: Same figure: an artist's remove() takes it out of its Axes' list (and off the figure) as deleting the
// list item did; pop() without an index took the last item, pop(i) item i. Only expression statements are rewritten
// (the value of pop() was unused), and only on the lines the error points at.
// Left alone: slices (del ax.lines[1:]), a popped artist that the code keeps (line = ax.lines.pop(0)), and lists that
// are not an Axes' artist lists.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, methodName, methodReceiver } from '../../syntax';
import { mpl } from './_shared';

const LISTS = ['lines', 'patches', 'collections', 'images', 'texts', 'artists', 'tables'];

/** `<axes>.lines` and the like: an attribute named after an artist list */
function artistList(node: Node | null, parsed: { text(n: Node): string }): boolean {
  return node?.type === 'attribute' && LISTS.includes(parsed.text(node.childForFieldName('attribute') as Node));
}

export const artistListMutation = defineRule({
  id: 'matplotlib.artist-list-mutation',
  title: 'del ax.lines[0] / ax.lines.remove(l) / ax.lines.pop(0) → the artist’s remove()',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.7', '2023-02-13'),
  deprecatedIn: '3.5',
  explanation:
    "An Axes' artist lists (lines, patches, collections, images, texts, artists, tables) are read-only views since " +
    'matplotlib 3.5 (a deprecation) and 3.7 (an error). Removing an artist through the list becomes the ' +
    "artist's own remove(): del ax.lines[i] → ax.lines[i].remove(), ax.lines.remove(a) → a.remove(), " +
    'ax.lines.pop(i) → ax.lines[i].remove() when the popped artist is not used.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /'ArtistList' object doesn't support item deletion/ },
      { ename: 'AttributeError', evalue: /'ArtistList' object has no attribute '(remove|pop)'/ },
    ],
  },
  errorScope: 'line',
  needles: LISTS.map((name) => `.${name}`),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('delete_statement')) {
      const target = statement.namedChildren[0];
      if (target?.type !== 'subscript' || !artistList(target.childForFieldName('value'), parsed)) continue;
      const index = target.childForFieldName('subscript');
      if (!index || index.type === 'slice') continue;
      edits.push(replaceNode(statement, `${parsed.text(target)}.remove()`));
    }
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      if ((name !== 'remove' && name !== 'pop') || call.parent?.type !== 'expression_statement') continue;
      const list = methodReceiver(call);
      if (!artistList(list, parsed)) continue;
      const args = callArguments(call);
      if (args.some((a) => a.type !== 'identifier' && a.type !== 'integer' && a.type !== 'unary_operator')) continue;
      if (name === 'remove' && args.length === 1)
        edits.push(replaceNode(call, `${parsed.text(args[0] as Node)}.remove()`));
      if (name === 'pop' && args.length <= 1) {
        const index = args[0] ? parsed.text(args[0]) : '-1';
        edits.push(replaceNode(call, `${parsed.text(list as Node)}[${index}].remove()`));
      }
    }
    return edits;
  },
});

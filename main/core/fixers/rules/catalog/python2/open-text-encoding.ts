// python2.open-text-encoding — open(path) / pd.read_csv(path) of a non-UTF-8 file in a Python 2 notebook →
// encoding='latin-1'
//
// Why it broke: Python 3.0 (2008-12-03) made a file opened in text mode decode its bytes (with the locale's
// encoding, UTF-8 today), where Python 2 handed the bytes over as they were; a file with Latin-1 or cp1252 bytes
// (movie titles, names with accents) now fails with "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9".
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit
// Example:
//     f = open('data/movie_ids.txt')
//     for line in f:
//         tokens = line.split(' ')
//   →
//     f = open('data/movie_ids.txt', encoding='latin-1')
//     for line in f:
//         tokens = line.split(' ')
// Fix safety: Same text: Latin-1 maps each byte to the one character of the same number, so every line, split,
// slice and length is what the Python 2 byte string had (only the display of the non-ASCII bytes differs); only in
// a notebook written for Python 2 (kernelspec or language_info 2.x, or print statements), only in the cell that
// failed, and only on calls that read text without naming an encoding.
// Left alone: Python 3 notebooks (whose author decoded with a locale encoding we cannot know), binary modes ('rb'),
// calls that name an encoding, io.open / codecs.open (which decoded in Python 2 too), and a notebook's own open.
import type { Node } from 'web-tree-sitter';
import { defineRule, type CellContext } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import {
  appendArguments,
  definesName,
  hasSplat,
  keywordArgument,
  positionalArguments,
  stringContent,
} from '../../syntax';
import { PY3, python2Notebook } from './_shared';

/** pandas readers whose Python 2 C parser kept undecoded byte strings when no encoding was given. */
const PANDAS_READERS = ['read_csv', 'read_table'];

/** Is the mode argument of open() a text read mode ('r', 'rU', 'U', 'rt'), given or defaulted? */
function textReadMode(call: Node, ctx: CellContext): boolean {
  const parsed = ctx.notebook.parse(ctx.cellIndex);
  const mode = keywordArgument(call, 'mode', parsed)?.childForFieldName('value') ?? positionalArguments(call)[1];
  if (!mode) return true;
  const text = stringContent(mode, parsed);
  return text !== null && /^[rUt]+$/.test(text);
}

export const openTextEncoding = defineRule({
  id: 'python2.open-text-encoding',
  title: "open(path) / pd.read_csv(path) of a non-UTF-8 file in a Python 2 notebook → encoding='latin-1'",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 decodes a file opened in text mode (\"Text Vs. Data Instead Of Unicode Vs. 8-bit\"; the default encoding is UTF-8 today), where Python 2's open() and pandas' readers returned the file's bytes undecoded. A data file with Latin-1/cp1252 bytes therefore fails with \"'utf-8' codec can't decode byte …\". In a notebook written for Python 2 (its kernelspec, language_info or print statements say so), the failing cell's open(path[, 'r']) and pd.read_csv/read_table calls that name no encoding get encoding='latin-1': Latin-1 decodes every byte to the character of the same number, so lines, splits, slices and lengths are those of the Python 2 byte strings. Binary modes, calls that already name an encoding, io.open/codecs.open and a notebook's own open are left alone.",
  trigger: {
    errors: [{ ename: 'UnicodeDecodeError', evalue: /'(utf-8|ascii)' codec can't decode byte/ }],
  },
  needles: ['open(', 'read_csv(', 'read_table('],
  prepare(notebook) {
    // a notebook's own open (def open, open = …, from io import open) is not the builtin Python 3 changed
    return notebook.codeCells.some(
      (i) => /\bopen\b/.test(notebook.source(i)) && definesName(notebook.parse(i), 'open'),
    );
  },
  apply(parsed, ctx) {
    if (!python2Notebook(ctx)) return [];
    const ownOpen = ctx.state as boolean;
    const edits: SourceEdit[] = [];
    const encoding = (call: Node): void => {
      if (hasSplat(call) || keywordArgument(call, 'encoding', parsed) || positionalArguments(call).length === 0) return;
      const edit = appendArguments(call, ["encoding='latin-1'"], parsed);
      if (edit) edits.push(edit);
    };
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (fn?.type !== 'identifier' || parsed.text(fn) !== 'open' || ownOpen) continue;
      if (ctx.imports.resolve(fn, parsed) !== null) continue;
      // open(name, mode, buffering): a third positional argument is left as written
      if (positionalArguments(call).length > 2 || !textReadMode(call, ctx)) continue;
      encoding(call);
    }
    for (const { node } of ctx.calls({ module: 'pandas', names: PANDAS_READERS })) {
      if (keywordArgument(node, 'engine', parsed)) continue;
      encoding(node);
    }
    return edits;
  },
});

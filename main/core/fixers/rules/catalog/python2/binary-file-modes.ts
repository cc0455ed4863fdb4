// python2.binary-file-modes — pickle.load(open(f)) → open(f, 'rb'); csv.reader(open(f, 'rb')) → open(f, newline='')
//
// Why it broke: Python 3.0 (2008-12-03) separated text files (str) from binary files (bytes). Python 2 code opened
// pickles in text mode (pickle.dump(obj, open(f, 'w')), pickle.load(open(f))) and CSV files in binary mode (the csv
// module's own advice, open(f, 'rb')); Python 3's pickle needs a binary file ("write() argument must be str, not
// bytes", "a bytes-like object is required, not 'str'") and its csv module a text one ("iterator should return
// strings, not bytes"). A pickle Python 2 wrote also holds 8-bit strings that Python 3 decodes as ASCII by default
// ("'ascii' codec can't decode byte").
// Changelog: https://docs.python.org/3/whatsnew/3.0.html#text-vs-data-instead-of-unicode-vs-8-bit
// Changelog: https://docs.python.org/3/library/csv.html#id4
// Changelog: https://docs.python.org/3/library/pickle.html#pickle.Unpickler
// Example:
//     pickle.dump(model, open('model.pkl', 'w'))
//     data = pickle.load(open('data.pkl'))
//     for row in csv.reader(open('train.csv', 'rb')):
//   →
//     pickle.dump(model, open('model.pkl', 'wb'))
//     data = pickle.load(open('data.pkl', 'rb'))
//     for row in csv.reader(open('train.csv', 'r', newline='')):
// Fix safety: Same data: a pickle is bytes in both versions, and a text file with newline='' hands csv the lines
// Python 2's binary file did; on Windows, Python 2's text mode translated newlines, which a pickle's bytes never
// needed. A Python 2 pickle is read with encoding='latin1', the documented way to load its 8-bit strings and NumPy
// arrays (each byte to the character of the same number). Only in the failing cell, only the open() that the pickle
// or csv call reads or writes (inline, or bound to a name by an assignment or a with statement in that cell).
// Left alone: a file object made elsewhere, modes held in variables, the notebook's own open, pickle calls that
// name an encoding.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext } from '../../rule';
import { cellBindings } from '../../bindings';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import {
  appendArguments,
  definesName,
  hasSplat,
  keywordArgument,
  keywordValue,
  positionalArguments,
  stringContent,
} from '../../syntax';
import { PY3 } from './_shared';

/** pickle functions and the position of their file argument. */
const PICKLE_FILE_ARGUMENT: Record<string, number> = { load: 0, dump: 1 };
const CSV_FUNCTIONS = ['reader', 'writer', 'DictReader', 'DictWriter'];

const PY2_PICKLE = /'ascii' codec can't decode byte/;

/** The builtin open() call that a file argument is: the call itself, or what a name was bound to in this cell. */
function openCallOf(arg: Node, parsed: ParsedSource, ctx: CellContext): Node | null {
  if (isBuiltinOpen(arg, parsed, ctx)) return arg;
  if (arg.type !== 'identifier') return null;
  const name = parsed.text(arg);
  const found: Node[] = [];
  for (const { target: left, value: right } of cellBindings(parsed, ['assignment'])) {
    if (left.type === 'identifier' && parsed.text(left) === name && right && isBuiltinOpen(right, parsed, ctx))
      found.push(right);
  }
  for (const item of parsed.nodes('as_pattern')) {
    const target = item.childForFieldName('alias') ?? item.namedChildren.at(-1);
    const value = item.namedChildren[0];
    if (target && value && parsed.text(target) === name && isBuiltinOpen(value, parsed, ctx)) found.push(value);
  }
  // one binding only: a name reassigned to several files is left alone
  return found.length === 1 ? (found[0] as Node) : null;
}

function isBuiltinOpen(node: Node, parsed: ParsedSource, ctx: CellContext): boolean {
  if (node.type !== 'call' || hasSplat(node)) return false;
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'identifier' || parsed.text(fn) !== 'open') return false;
  return ctx.imports.resolve(fn, parsed) === null && !(ctx.state as boolean);
}

/** The mode argument of open() (positional or keyword) and its text; text null when it is not a string literal. */
function modeOf(call: Node, parsed: ParsedSource): { node: Node | null; text: string | null } {
  const node = keywordValue(call, 'mode', parsed) ?? positionalArguments(call)[1] ?? null;
  return { node, text: node ? stringContent(node, parsed) : 'r' };
}

/** open(f[, 'r'|'w'|'a']) → the same mode with 'b'. */
function binaryModeEdit(call: Node, parsed: ParsedSource): SourceEdit | null {
  const { node, text } = modeOf(call, parsed);
  if (text === null || !/^[rwa]\+?$|^[rwa]t\+?$|^U$|^rU$/.test(text)) return null;
  const binary = `${text.replace(/[tU]/g, '').replace(/^$/, 'r')}b`;
  if (node) return replaceNode(node, `'${binary}'`);
  const file = positionalArguments(call)[0];
  return file ? insertAt(file.endIndex, `, '${binary}'`) : null;
}

/** open(f, 'rb'|'wb'|'ab') → open(f, 'r'|'w'|'a', newline=''). */
function textModeEdits(call: Node, parsed: ParsedSource): SourceEdit[] {
  const { node, text } = modeOf(call, parsed);
  if (!node || text === null || !/^[rwa]b\+?$|^[rwa]\+?b$/.test(text)) return [];
  if (keywordArgument(call, 'newline', parsed)) return [];
  const edits: SourceEdit[] = [replaceNode(node, `'${text.replace('b', '')}'`)];
  const newline = appendArguments(call, ["newline=''"], parsed);
  return newline ? [...edits, newline] : [];
}

export const binaryFileModes = defineRule({
  id: 'python2.binary-file-modes',
  title: "pickle.load(open(f)) → open(f, 'rb'); csv.reader(open(f, 'rb')) → open(f, newline='')",
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3 separates text from bytes (\"Text Vs. Data Instead Of Unicode Vs. 8-bit\"): pickle reads and writes bytes, so Python 2's pickle.load(open(f)) and pickle.dump(x, open(f, 'w')) fail (\"a bytes-like object is required, not 'str'\", \"write() argument must be str, not bytes\"), and the csv module reads and writes str, so Python 2's recommended open(f, 'rb') / open(f, 'wb') fail (\"iterator should return strings, not bytes\"). In the failing cell, the open() a pickle call uses gets the binary mode ('rb', 'wb'), and the open() a csv reader or writer uses gets the text mode with newline='' (what the csv documentation prescribes, so lines reach csv as Python 2's binary file gave them); the file may be opened inline or bound to a name in the same cell (f = open(…), with open(…) as f). A pickle Python 2 wrote (\"'ascii' codec can't decode byte\") is loaded with encoding='latin1', the documented way to read its 8-bit strings and NumPy arrays.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /a bytes-like object is required, not 'str'|write\(\) argument must be str, not bytes/,
      },
      { ename: 'Error', evalue: /iterator should return strings, not bytes/ },
      { ename: 'UnsupportedOperation', evalue: /^(not readable|read)$/ },
      { ename: 'UnicodeDecodeError', evalue: PY2_PICKLE },
    ],
  },
  needles: ['pickle', 'csv', 'cPickle'],
  prepare(notebook) {
    // a notebook's own open is not the builtin
    return notebook.codeCells.some(
      (i) => /\bopen\b/.test(notebook.source(i)) && definesName(notebook.parse(i), 'open'),
    );
  },
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const seen = new Set<number>();
    const py2Pickle = ctx.errors.some((e) => e.ename === 'UnicodeDecodeError' && PY2_PICKLE.test(e.evalue));
    for (const { node, name } of ctx.calls({ module: 'pickle', names: Object.keys(PICKLE_FILE_ARGUMENT) })) {
      const arg = positionalArguments(node)[PICKLE_FILE_ARGUMENT[name as string] as number];
      const open = arg ? openCallOf(arg, parsed, ctx) : null;
      if (open && !seen.has(open.id)) {
        seen.add(open.id);
        const edit = binaryModeEdit(open, parsed);
        if (edit) edits.push(edit);
      }
      if (py2Pickle && name === 'load' && !keywordArgument(node, 'encoding', parsed) && !hasSplat(node)) {
        const edit = appendArguments(node, ["encoding='latin1'"], parsed);
        if (edit) edits.push(edit);
      }
    }
    for (const { node } of ctx.calls({ module: 'csv', names: CSV_FUNCTIONS })) {
      const arg = positionalArguments(node)[0];
      const open = arg ? openCallOf(arg, parsed, ctx) : null;
      if (!open || seen.has(open.id)) continue;
      seen.add(open.id);
      edits.push(...textModeEdits(open, parsed));
    }
    return edits;
  },
});

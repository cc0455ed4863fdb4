// python.unused-removed-module-imports — `import cgi` / `import pipes` left with no use → removed
//
// Why it broke: Python 3.12 (2023-10-02) removed asynchat, asyncore, smtpd, imp and distutils, and Python 3.13
// (2024-10-07) the "dead batteries" of PEP 594 (cgi, cgitb, pipes, imghdr, sndhdr, telnetlib, nntplib, crypt, uu,
// xdrlib, aifc, audioop, chunk, mailcap, msilib, nis, ossaudiodev, spwd, sunau) and lib2to3: their import fails
// with ModuleNotFoundError even where the notebook no longer uses the module (its only use was cgi.escape or
// pipes.quote, which python.removed-stdlib-names and python.removed-stdlib-3-12 rewrite to html.escape and
// shlex.quote, or a module imported and never used).
// Changelog: https://docs.python.org/3/whatsnew/3.13.html#pep-594-remove-dead-batteries-from-the-standard-library
// Changelog: https://docs.python.org/3/whatsnew/3.12.html#removed
// Example:
//     import cgi
//     import html
//     import os, pipes
//     print(html.escape(s, quote=False))
//   →
//     import html
//     import os
//     print(html.escape(s, quote=False))
// Fix safety: Same result: the module's name is used nowhere else in the notebook (no code reads it), so the
// import bound a name nothing used, and importing these modules had no effect on other code.
// Left alone: a module the notebook still uses (cgi.parse_header, imghdr.what, asyncore.loop: no equivalent in
// the standard library, the import keeps failing), `from cgi import x` imports, imports inside try blocks (the
// notebook's own fallback), Python before the removal.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { CellContext } from '../../rule';
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { type SourceEdit, deleteRange, replaceNode } from '../../source-edit';
import { lineStart } from '../../syntax';
import { py } from './_shared';

/** standard-library modules removed by Python 3.12 and 3.13, with the release that removed them */
export const REMOVED_STDLIB_MODULES: Record<string, string> = {
  ...Object.fromEntries(['asynchat', 'asyncore', 'smtpd', 'imp', 'distutils'].map((m) => [m, '3.12'])),
  ...Object.fromEntries(
    [
      'aifc',
      'audioop',
      'cgi',
      'cgitb',
      'chunk',
      'crypt',
      'imghdr',
      'mailcap',
      'msilib',
      'nis',
      'nntplib',
      'ossaudiodev',
      'pipes',
      'sndhdr',
      'spwd',
      'sunau',
      'telnetlib',
      'uu',
      'xdrlib',
      'lib2to3',
    ].map((m) => [m, '3.13']),
  ),
};

const MODULES = Object.keys(REMOVED_STDLIB_MODULES).join('|');

const IMPORT_LINE = new RegExp(`^[ \\t]*import[ \\t]+([^\\n#;]*)`, 'gm');

/** Does the cell import a removed module (`import cgi`, `import os, pipes as p`) whose name it does not use? */
function importedUnusedHere(source: string): boolean {
  for (const match of source.matchAll(IMPORT_LINE)) {
    for (const item of (match[1] as string).split(',')) {
      const m = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(item);
      if (!m || !(((m[1] as string).split('.')[0] as string) in REMOVED_STDLIB_MODULES)) continue;
      const bound = m[2] ?? ((m[1] as string).split('.')[0] as string);
      const rest = source.replace(IMPORT_LINE, '');
      if (!new RegExp(`\\b${bound}\\b`).test(rest)) return true;
    }
  }
  return false;
}

/** Is `name` read anywhere in the notebook outside import statements (an identifier, not an attribute's name)? */
export function usedInNotebook(ctx: CellContext, name: string): boolean {
  for (const index of ctx.notebook.codeCells) {
    const source = ctx.notebook.source(index);
    if (!new RegExp(`\\b${name}\\b`).test(source)) continue;
    const parsed = ctx.notebook.parse(index);
    for (const id of parsed.root.descendantsOfType('identifier')) {
      if (!id || parsed.text(id) !== name) continue;
      if (inImport(id)) continue;
      const parent = id.parent;
      if (parent?.type === 'attribute' && parent.childForFieldName('attribute')?.startIndex === id.startIndex) continue;
      if (parent?.type === 'keyword_argument' && parent.childForFieldName('name')?.startIndex === id.startIndex)
        continue;
      return true;
    }
    // magics and shell lines are masked from the tree: a name there counts as a use
    if (new RegExp(`^\\s*[%!].*\\b${name}\\b`, 'm').test(source)) return true;
  }
  return false;
}

function inImport(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent)
    if (p.type === 'import_statement' || p.type === 'import_from_statement') return true;
  return false;
}

export function inTry(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'try_statement') return true;
  return false;
}

/** The module an import item names and the name it binds: `import a.b` → (a.b, a), `import a as b` → (a, b). */
function itemBinding(item: Node, parsed: ParsedSource): { module: string; bound: string } {
  if (item.type === 'aliased_import') {
    const module = parsed.text(item.childForFieldName('name') as Node).replace(/\s+/g, '');
    return { module, bound: parsed.text(item.childForFieldName('alias') as Node) };
  }
  const module = parsed.text(item).replace(/\s+/g, '');
  return { module, bound: module.split('.')[0] as string };
}

/** Deletes the statement: its whole line where it stands alone there, else `pass` in its place. */
export function deleteStatement(statement: Node, parsed: ParsedSource): SourceEdit {
  const source = parsed.source;
  const start = lineStart(source, statement.startIndex);
  const newline = source.indexOf('\n', statement.endIndex);
  const end = newline === -1 ? source.length : newline + 1;
  const alone =
    source.slice(start, statement.startIndex).trim() === '' &&
    source.slice(statement.endIndex, newline === -1 ? source.length : newline).trim() === '';
  const onlyInBlock = statement.parent?.type === 'block' && statement.parent.namedChildren.length === 1;
  if (!alone || onlyInBlock) return replaceNode(statement, 'pass');
  // the line with the newline before it, so that an import another rule inserts before the next line stays apart
  const lineEnd = newline === -1 ? source.length : newline;
  return start > 0 ? deleteRange(start - 1, lineEnd) : deleteRange(start, end);
}

export const unusedRemovedModuleImports = defineRule({
  id: 'python.unused-removed-module-imports',
  title: '`import cgi` / `import pipes` left with no use → removed',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  explanation:
    'Python 3.12 removed asynchat, asyncore, smtpd, imp and distutils, and 3.13 the PEP 594 modules ' +
    '(cgi, cgitb, pipes, imghdr, sndhdr, telnetlib, nntplib, crypt, uu, xdrlib, aifc, audioop, chunk, ' +
    'mailcap, msilib, nis, ossaudiodev, spwd, sunau) and lib2to3. Where the notebook imports one of them ' +
    'but uses its name nowhere (its uses were rewritten, as cgi.escape → html.escape and pipes.quote → ' +
    'shlex.quote, or there were none), the import is removed; one still used is left, and keeps failing.',
  trigger: {
    errors: [{ ename: 'ModuleNotFoundError', evalue: new RegExp(`No module named '(${MODULES})(\\.\\w+)*'`) }],
    pattern: true,
  },
  // a cell that imports one of the modules and does not use it itself: it passes anew once another rule rewrote
  // its last use there (cgi.escape → html.escape), so the engine gives it to this rule again
  needles: (source) => importedUnusedHere(source),
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    const removed = (module: string): boolean => {
      const since = REMOVED_STDLIB_MODULES[module.split('.')[0] as string];
      return !!since && (!python || compareVersions(python, since) >= 0);
    };
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_statement')) {
      if (inTry(statement)) continue;
      const items = statement.childrenForFieldName('name');
      const unused = items.filter((item) => {
        const { module, bound } = itemBinding(item, parsed);
        return removed(module) && !usedInNotebook(ctx, bound);
      });
      if (unused.length === 0) continue;
      if (unused.length === items.length) {
        edits.push(deleteStatement(statement, parsed));
        continue;
      }
      const kept = items.filter((item) => !unused.includes(item)).map((item) => parsed.text(item));
      edits.push(replaceNode(statement, `import ${kept.join(', ')}`));
    }
    return edits;
  },
});

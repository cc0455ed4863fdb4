// Python snippets written in test files as the Python they are (a template literal), not as quoted lines.

/**
 * Python source written in place, as the Python it is: py`…` drops the line break after the opening backtick, the
 * indentation the lines share and the closing backtick's own indentation (so a closing backtick on its own line
 * ends the source with a line break), and keeps backslashes as written (String.raw): py`print('a\n')` is the
 * Python source print('a\n').
 */
export function py(strings: TemplateStringsArray, ...values: unknown[]): string {
  const lines = String.raw(strings, ...values)
    .replace(/^\n/, '')
    .split('\n');
  if (lines.length > 1 && /^[ \t]*$/.test(lines.at(-1) ?? '')) lines[lines.length - 1] = '';
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)?.[0].length ?? 0))).join('\n');
}

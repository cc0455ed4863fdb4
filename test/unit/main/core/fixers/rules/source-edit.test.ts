import { beforeAll, describe, expect, it } from 'vitest';
import { loadPythonParser, type PythonParser } from '../../../../../../main/core/python/python-parser';
import { applyEdits, verifyEdit } from '../../../../../../main/core/fixers/rules/source-edit';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

describe('applyEdits', () => {
  it('applies edits back to front and keeps everything else byte for byte', () => {
    const source = 'a = f(x)   # keep   this\nb = g( y )\n';
    const parsed = parser.parse(source);
    const result = applyEdits(parsed, [
      { start: source.indexOf('g'), end: source.indexOf('g') + 1, text: 'gg' },
      { start: 4, end: 5, text: 'ff' },
    ]);
    expect(result.source).toBe('a = ff(x)   # keep   this\nb = gg( y )\n');
    parsed.delete();
  });

  it('drops overlapping edits and edits inside masked IPython syntax', () => {
    const source = '!pip install x\ny = 1\n';
    const parsed = parser.parse(source);
    const result = applyEdits(parsed, [
      { start: 1, end: 4, text: 'conda' },
      { start: source.indexOf('y'), end: source.indexOf('y') + 5, text: 'z = 2' },
      { start: source.indexOf('1'), end: source.indexOf('1') + 1, text: '3' },
    ]);
    expect(result.source).toBe('!pip install x\nz = 2\n');
    expect(result.dropped).toHaveLength(2);
    parsed.delete();
  });

  it('verifyEdit refuses an edit that introduces a syntax error', () => {
    const before = parser.parse('x = f(1)\n');
    const bad = verifyEdit(parser, before, 'x = f(1\n');
    expect(bad.ok).toBe(false);
    const good = verifyEdit(parser, before, 'x = g(1)\n');
    expect(good.ok).toBe(true);
    if (good.ok) good.parsed.delete();
    before.delete();
  });
});

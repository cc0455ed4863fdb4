import { beforeAll, describe, expect, it } from 'vitest';
import { loadPythonParser, maskIPython, type PythonParser } from '../../../../../main/core/python/python-parser';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

describe('maskIPython', () => {
  it('masks line magics, shell lines, help and assignment magics with same-length filler', () => {
    const source =
      '%matplotlib inline\nimport os\n!pip install xgboost\nfiles = !ls ../input\ndf.head?\n  %time f(1)\nx = 1 % 2\n';
    const { masked, regions } = maskIPython(source);
    expect(masked.length).toBe(source.length);
    expect(masked.split('\n').map((l) => l.length)).toEqual(source.split('\n').map((l) => l.length));
    expect(regions.map((r) => source.slice(r.start, r.end))).toEqual([
      '%matplotlib inline',
      '!pip install xgboost',
      '!ls ../input',
      'df.head?',
      '%time f(1)',
    ]);
    expect(masked).toContain('import os');
    expect(masked).toContain('x = 1 % 2');
    expect(parser.parse(source).hasError).toBe(false);
  });

  it('keeps % and ! that are Python: modulo continued on a new line, != and strings', () => {
    const source = 'msg = ("%d items"\n       % n)\nif a != b:\n    s = "!not a shell"\n';
    expect(maskIPython(source).regions).toEqual([]);
    expect(parser.parse(source).hasError).toBe(false);
  });

  it('masks a non-Python cell magic whole and only the first line of %%time', () => {
    const bash = '%%bash\nls -la | head\necho "x = (" \n';
    expect(maskIPython(bash).regions).toEqual([{ start: 0, end: bash.length, kind: 'cell-magic' }]);
    expect(parser.parse(bash).hasError).toBe(false);
    const time = '%%time\nfor i in range(3):\n    total += i\n';
    const parsed = parser.parse(time);
    expect(parsed.regions.map((r) => time.slice(r.start, r.end))).toEqual(['%%time']);
    expect(parsed.nodes('for_statement')).toHaveLength(1);
  });

  it('masks a magic continued with a backslash, inside a block', () => {
    const source = 'for i in range(2):\n    !echo a \\\n       b\n    x = i\n';
    const parsed = parser.parse(source);
    expect(parsed.hasError).toBe(false);
    expect(parsed.regions).toHaveLength(1);
  });
});

describe('PythonParser', () => {
  it('reports node offsets as JS string indices, also after non-ASCII text', () => {
    const source = 'title = "Überlebende 😀 – ü"\ny = np.float\n';
    const parsed = parser.parse(source);
    const attribute = parsed.nodes('attribute')[0];
    expect(attribute && parsed.text(attribute)).toBe('np.float');
    expect(attribute?.startIndex).toBe(source.indexOf('np.float'));
  });

  it('parses Python 2 print statements as print_statement nodes', () => {
    const parsed = parser.parse('print "a", b\nprint(x)\n');
    expect(parsed.nodes('print_statement')).toHaveLength(1);
    expect(parsed.nodes('call')).toHaveLength(1);
  });

  it('counts syntax errors', () => {
    expect(parser.parse('x = (1,\n').errorCount()).toBeGreaterThan(0);
    expect(parser.parse('x = 1\n').errorCount()).toBe(0);
  });

  it('re-parses incrementally to the same tree as a full parse, also after non-ASCII text and magics', () => {
    const before = '%matplotlib inline\ntitle = "Überlebende 😀"\nprint "a", x\ny = np.float(2)\n';
    const edits = [
      { start: before.indexOf(' "a"'), end: before.indexOf('"a"'), text: '(' },
      { start: before.indexOf(', x') + 3, end: before.indexOf(', x') + 3, text: ')' },
      { start: before.indexOf('np.float'), end: before.indexOf('np.float') + 8, text: 'float' },
    ];
    let after = before;
    for (const e of [...edits].sort((a, b) => b.start - a.start))
      after = after.slice(0, e.start) + e.text + after.slice(e.end);
    expect(after).toBe('%matplotlib inline\ntitle = "Überlebende 😀"\nprint("a", x)\ny = float(2)\n');
    const previous = parser.parse(before);
    const incremental = parser.reparse(previous, after, edits);
    const full = parser.parse(after);
    expect(incremental.root.toString()).toBe(full.root.toString());
    expect(incremental.nodes('call').map((n) => incremental.text(n))).toEqual(['print("a", x)', 'float(2)']);
    for (const p of [previous, incremental, full]) p.delete();
  });

  it('is initialised once and reused', async () => {
    expect(await loadPythonParser()).toBe(parser);
  });
});

import { describe, expect, it } from 'vitest';
import { ipythonLines, parsePercent, toPercent } from '../../../../../../main/core/fixers/llm/notebook-text';
import { cellSource } from '../../../../../../shared/lib/ipynb';
import { stripAnsi } from '../../../../../../shared/lib/text';
import { code, markdown, notebookOf, smallNotebook } from './fix-context';

describe('percent format', () => {
  it('round-trips code (magics included) and markdown cells', () => {
    const nb = smallNotebook();
    const cells = parsePercent(toPercent(nb));
    expect(cells.map((c) => c.type)).toEqual(nb.cells.map((c) => c.cell_type));
    expect(cells.map((c) => c.source)).toEqual(nb.cells.map(cellSource));
  });

  it('comments markdown lines with "# " and reads jupytext-style text back', () => {
    const text = toPercent(notebookOf([markdown('# Title\n\nbody'), code('x = 1')]));
    expect(text).toBe('# %% [markdown]\n# # Title\n#\n# body\n\n# %%\nx = 1');
    const cells = parsePercent('import os\n\n# %% [md]\n# hello\n# %% some title\nprint(1)\n\n\n');
    expect(cells).toEqual([
      { type: 'code', source: 'import os' },
      { type: 'markdown', source: 'hello' },
      { type: 'code', source: 'print(1)' },
    ]);
  });

  it('rejects text without cell markers', () => {
    expect(() => parsePercent('x = 1\ny = 2')).toThrow(/no "# %%" cell markers/);
  });
});

describe('helpers', () => {
  it('strips ANSI colour codes', () => {
    expect(stripAnsi('\u001b[0;31mValueError\u001b[0m: bad')).toBe('ValueError: bad');
  });

  it('finds IPython lines and keeps Python comments out', () => {
    expect(ipythonLines('%matplotlib inline\n!pip install x\n# %not\nx = 1 % 2\n  %time f()')).toEqual([
      '%matplotlib inline',
      '!pip install x',
      '%time f()',
    ]);
  });
});

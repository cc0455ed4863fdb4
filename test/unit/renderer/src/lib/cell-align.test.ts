import { describe, expect, it } from 'vitest';
import { alignCells, cellsFromNotebookText, DiffCell, diffText } from '../../../../../renderer/src/lib/cell-align';

const cell = (index: number, source: string, cellType = 'code', id: string | null = null): DiffCell => ({
  index,
  id,
  cellType,
  source,
});

describe('alignCells', () => {
  it('pairs unchanged cells and marks an edited cell between them as changed', () => {
    const before = [cell(0, 'import pandas as pd'), cell(1, "df = pd.read_csv('x')\ndf.ix[0]"), cell(2, 'print(df)')];
    const after = [cell(0, 'import pandas as pd'), cell(1, "df = pd.read_csv('x')\ndf.loc[0]"), cell(2, 'print(df)')];
    expect(alignCells(before, after).map((p) => p.kind)).toEqual(['same', 'changed', 'same']);
  });
  it('finds inserted and deleted cells instead of shifting every pair', () => {
    const before = [cell(0, 'a'), cell(1, 'b'), cell(2, 'c'), cell(3, 'd')];
    const after = [cell(0, 'a'), cell(1, 'new', 'markdown'), cell(2, 'b'), cell(3, 'd')];
    const pairs = alignCells(before, after);
    expect(pairs.map((p) => [p.kind, p.before?.source ?? null, p.after?.source ?? null])).toEqual([
      ['same', 'a', 'a'],
      ['added', null, 'new'],
      ['same', 'b', 'b'],
      ['removed', 'c', null],
      ['same', 'd', 'd'],
    ]);
  });
  it('anchors on cell ids even when the source changed', () => {
    const before = [cell(0, 'x = 1', 'code', 'id-a'), cell(1, 'y = 2', 'code', 'id-b')];
    const after = [cell(0, 'y = 3', 'code', 'id-b')];
    expect(alignCells(before, after).map((p) => [p.kind, p.before?.id, p.after?.id ?? null])).toEqual([
      ['removed', 'id-a', null],
      ['changed', 'id-b', 'id-b'],
    ]);
  });
});

describe('diffText', () => {
  const before = [
    cell(0, '# Title', 'markdown'),
    cell(1, '%matplotlib inline\nimport numpy as np'),
    cell(2, 'x = np.int(3)'),
  ];
  const after = [
    cell(0, '# Title', 'markdown'),
    cell(1, '%matplotlib inline\nimport numpy as np'),
    cell(2, 'x = int(3)'),
  ];

  it('lays out both sides cell by cell with headers, magics kept, markdown hidden on request', () => {
    const t = diffText(before, after, { markdown: false, outputs: false });
    expect(t.before.split('\n')).toEqual([
      '# ─── cell 2 [code] ───',
      '%matplotlib inline',
      'import numpy as np',
      '',
      '# ─── cell 3 [code] ───',
      'x = np.int(3)',
      '',
    ]);
    expect(t.after).toContain('x = int(3)');
    expect(t.pairs).toHaveLength(2);
    expect(diffText(before, after, { markdown: true, outputs: false }).after).toContain('# Title');
  });
  it('keeps line counts equal per aligned unchanged cell and shows outputs when asked', () => {
    const withOut = [{ ...cell(0, 'print(1)'), outputs: ['1\n'] }];
    expect(diffText(withOut, withOut, { markdown: true, outputs: true }).before).toBe(
      '# ─── cell 1 [code] ───\nprint(1)\n# ··· output ···\n# > 1\n',
    );
    expect(diffText(withOut, withOut, { markdown: true, outputs: false }).before).not.toContain('output');
  });
});

describe('cellsFromNotebookText', () => {
  it('reads sources (list or string) and outputs as text', () => {
    const nb = {
      cells: [
        {
          cell_type: 'code',
          id: 'a',
          source: ['print(1)\n', 'x'],
          outputs: [
            { output_type: 'stream', name: 'stdout', text: ['1\n'] },
            { output_type: 'execute_result', data: { 'text/plain': ['2'] } },
          ],
        },
        {
          cell_type: 'code',
          source: 'plt.plot()',
          outputs: [
            { output_type: 'display_data', data: { 'image/png': 'xx' } },
            { output_type: 'error', ename: 'E', evalue: 'v', traceback: [] },
          ],
        },
      ],
    };
    expect(cellsFromNotebookText(JSON.stringify(nb))).toEqual([
      { index: 0, id: 'a', cellType: 'code', source: 'print(1)\nx', outputs: ['1\n', '2'] },
      { index: 1, id: null, cellType: 'code', source: 'plt.plot()', outputs: ['[image/png]', 'E: v'] },
    ]);
  });
});

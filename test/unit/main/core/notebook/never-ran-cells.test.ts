import { describe, expect, it } from 'vitest';
import { neverRanUnparsableCells } from '../../../../../main/core/notebook/never-ran-cells';
import type { Cell, Notebook } from '../../../../../shared/models/notebook';

const code = (id: string, source: string, ran = false): Cell => ({
  id,
  cell_type: 'code',
  source,
  metadata: {},
  execution_count: ran ? 1 : null,
  outputs: ran ? [{ output_type: 'stream', name: 'stdout', text: 'x\n' }] : [],
});

const notebook = (cells: Cell[]): Notebook => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });

describe('neverRanUnparsableCells', () => {
  it('finds prose in a code cell the author never ran', async () => {
    const ids = await neverRanUnparsableCells(
      notebook([
        code('prose', 'F0 - Number of times pregnant\nF1 - Plasma glucose concentration'),
        code('ran-prose', 'This failed for the author, who saved its output', true),
        code('fine', 'x = 1'),
      ]),
    );
    expect([...ids]).toEqual(['prose']);
  });

  it('leaves Python 2 and IPython syntax to the rules: those cells parse', async () => {
    const ids = await neverRanUnparsableCells(
      notebook([
        code('print', 'print "accuracy %.2f" % acc'),
        code('except', 'try:\n    f()\nexcept ValueError, e:\n    print e'),
        code('backticks', 'label = `n` + " rows"'),
        code('magic', '%matplotlib inline\n!ls data\nprint 1'),
        code('empty', '   \n'),
      ]),
    );
    expect([...ids]).toEqual([]);
  });

  it('counts a cell with no execution count but saved outputs as run', async () => {
    const cell = {
      ...code('saved', 'not python at all'),
      outputs: [{ output_type: 'stream', name: 'stdout', text: '' }],
    };
    expect([...(await neverRanUnparsableCells(notebook([cell as Cell])))]).toEqual([]);
  });
});

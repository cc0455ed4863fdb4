// A cell the author never ran whose text is not Python (prose typed into a code cell) fails for the author too: a
// real run judges its SyntaxError pre-existing and says why, while a never-run cell of Python 2 is still erosion
// that the rules repair.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { TEST_PYTHON } from '../../helpers/python';

const code = (id: string, source: string, stdout: string | null) => ({
  id,
  cell_type: 'code',
  metadata: {},
  source,
  execution_count: stdout === null ? null : 1,
  outputs: stdout === null ? [] : [{ output_type: 'stream', name: 'stdout', text: stdout }],
});

interface RunJson {
  errors: { cellIndex: number; ename: string; preExisting: boolean; authorNeverRan?: boolean }[];
  verdict: { errorFree: boolean };
}

describe('cells the author never ran', () => {
  const dir = tempDir();
  const db = path.join(dir, 'db.sqlite');
  const notebook = path.join(dir, 'notes.ipynb');
  fs.writeFileSync(
    notebook,
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
      cells: [
        code('total', 'total = sum(range(10))\nprint("total", total)', 'total 45\n'),
        code('prose', 'F0 - Number of times pregnant\nF1 - Plasma glucose concentration', null),
        code('py2', 'print "half", total / 2', null),
      ],
    }),
  );

  it('counts prose as pre-existing and Python 2 as an error', async () => {
    const run = await runCli(['run', notebook, '--json'], { db, env: { NBREVIVE_PYTHON: TEST_PYTHON } });
    const out = jsonOf<RunJson>(run);
    expect(out.errors.map((e) => [e.cellIndex, e.ename, e.preExisting, e.authorNeverRan ?? false])).toEqual([
      [1, 'SyntaxError', true, true],
      [2, 'SyntaxError', false, false],
    ]);
    expect(out.verdict.errorFree).toBe(false);
  }, 120_000);

  it('repairs the Python 2 cell with rules and ends error-free with the prose left as the author wrote it', async () => {
    const fixed = path.join(dir, 'fixed.ipynb');
    const result = await runCli(['modernize', notebook, '--fixers', 'rules', '--json', '--out', fixed], {
      db,
      env: { NBREVIVE_PYTHON: TEST_PYTHON },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(jsonOf<{ outcome: string }>(result).outcome).toBe('reproducible');
    const cells = JSON.parse(fs.readFileSync(fixed, 'utf8')).cells as { source: string | string[] }[];
    const text = (i: number) => [cells[i]!.source].flat().join('');
    expect(text(1)).toBe('F0 - Number of times pregnant\nF1 - Plasma glucose concentration');
    expect(text(2)).toMatch(/^print\("half", total \/\/? 2\)$/);
  }, 300_000);
});

// A fix that changes what the notebook computes in cells it did not edit, through the real loop: a real kernel
// (TEST_PYTHON), real SQLite, the real output comparison. The notebook and its saved outputs are ours: cell 2 calls
// a helper that no longer exists; the "careless" fix defines the value and also shadows `range`, so cell 4, which
// it never edited, prints 10 where the author saw 45. With a clean candidate left, the careless fix is flagged
// `fidelity-regression` and failed, and the job ends on the clean one; with none left, the careless fix's version is
// taken back (still flagged), since it runs further than the original.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModernizationLoop, createRuntime } from '../../../main/core/job-setup';
import type { Fixer, FixContext } from '../../../main/core/fixers/fixer';
import { createJob, importCase } from '../../../main/core/jobs/job-service';
import { openStore } from '../../../main/core/store';
import { cellSource } from '../../../shared/lib/ipynb';
import type { Fix } from '../../../shared/models/loop';
import { tempDir } from '../../helpers/cli';
import { TEST_PYTHON } from '../../helpers/python';

const stdout = (text: string) => [{ output_type: 'stream', name: 'stdout', text: [text] }];
const CELLS: { type: 'markdown' | 'code'; source: string; outputs?: unknown[] }[] = [
  { type: 'markdown', source: '# a small notebook of ours' },
  { type: 'code', source: "import math\nprint('ready')", outputs: stdout('ready\n') },
  { type: 'code', source: 'x = legacy_helper(3)', outputs: [] },
  { type: 'code', source: 'print(x * 2)', outputs: stdout('6\n') },
  { type: 'code', source: 'print(sum(range(10)))', outputs: stdout('45\n') },
  { type: 'code', source: 'print(round(math.pi, 4))', outputs: stdout('3.1416\n') },
];
const HELPER_CELL = 2;
const UNTOUCHED_CELL = 4;
const CARELESS = 'x = 3\nrange = lambda n: [1] * n  # shadows the builtin: cell 4 now sums ones';
const CLEAN = 'x = 3';

function writeCase(dir: string): string {
  const nb = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
    cells: CELLS.map((c, i) =>
      c.type === 'markdown'
        ? { cell_type: 'markdown', id: `m${i}`, metadata: {}, source: c.source }
        : { cell_type: 'code', id: `c${i}`, metadata: {}, execution_count: i, outputs: c.outputs, source: c.source },
    ),
  };
  const file = path.join(dir, 'regress.ipynb');
  fs.writeFileSync(file, JSON.stringify(nb, null, 1));
  return file;
}

/** A fixer with candidates in order, each proposed while not excluded and while it would change the cell. */
function scriptedFixer(candidates: { id: string; source: string }[]): Fixer {
  return {
    name: 'rules',
    async propose(context: FixContext): Promise<Fix | null> {
      const current = context.notebook.cells[HELPER_CELL];
      const next = candidates.find((c) => !context.exclude.has(c.id) && (!current || cellSource(current) !== c.source));
      if (!next) return null;
      return {
        type: 'error-repair',
        source: 'rules',
        ruleIds: [next.id],
        model: null,
        plan: `replace the missing helper (${next.id})`,
        edits: [{ cellIndex: HELPER_CELL, source: next.source }],
        usage: null,
        flags: [],
        signature: null,
      };
    },
  };
}

async function modernize(fixer: Fixer) {
  const dir = tempDir('nbrevive-regression-');
  const store = openStore(path.join(dir, 'db.sqlite'));
  try {
    const runtime = await createRuntime({ runtime: 'local', python: TEST_PYTHON });
    const record = await importCase(store, writeCase(dir));
    const job = createJob(store, record, { python: TEST_PYTHON, maxIterations: 5, fixers: ['rules'] });
    const done = await createModernizationLoop(store, runtime, [fixer]).run(job.id);
    const iterations = store.iterations.list(job.id);
    const versions = iterations.map((i) => store.blobs.getText(i.versionHash));
    return { done, iterations, versionOf: (index: number) => versions[index] ?? '' };
  } finally {
    store.close();
  }
}

describe('the loop flags a fix that breaks cells it did not edit', () => {
  it('fails the regressing fix when a candidate without a regression exists, and ends on that one', async () => {
    const { done, iterations, versionOf } = await modernize(
      scriptedFixer([
        { id: 'test.careless-helper', source: CARELESS },
        { id: 'test.clean-helper', source: CLEAN },
      ]),
    );
    // the original, the careless fix's version, the clean fix's version
    expect(iterations.map((i) => i.fix?.ruleIds[0] ?? null)).toEqual([
      'test.careless-helper',
      'test.clean-helper',
      null,
    ]);
    const careless = iterations[0]!;
    expect(careless.fix?.flags).toContain('fidelity-regression');
    expect(careless.fixFailed).toBe(true);
    expect(careless.fix?.fidelityRegression?.cells).toEqual([
      // 45 → 10: a number moved far beyond τ
      expect.objectContaining({ cellIndex: UNTOUCHED_CELL, before: 'same', after: 'numbers-drifted' }),
    ]);
    // the careless version ran without errors: only fidelity tells it changed what the notebook computes
    expect(iterations[1]!.report.errors).toEqual([]);
    expect(
      iterations[1]!.fidelity?.cells.find((c) => c.cellIndex === UNTOUCHED_CELL)?.maxRelativeChange,
    ).toBeGreaterThan(0.5);
    // the clean fix was applied to the original, not on top of the careless version
    expect(iterations[1]!.fix?.flags ?? []).not.toContain('fidelity-regression');
    expect(iterations[1]!.fixFailed).toBe(false);
    expect(versionOf(2)).toContain('x = 3');
    expect(versionOf(2)).not.toContain('range = lambda');
    expect(iterations[2]!.fidelity?.score).toBe(1);
    expect(done.bestIteration).toBe(2);
    expect(done.outcome).toBe('reproducible');
  }, 300_000);

  it('keeps the flagged version when no candidate without a regression is found', async () => {
    const { done, iterations } = await modernize(scriptedFixer([{ id: 'test.careless-helper', source: CARELESS }]));
    expect(iterations).toHaveLength(2);
    const careless = iterations[0]!;
    // taken back: still flagged for review, no longer failed, its version is the job's best
    expect(careless.fix?.flags).toContain('fidelity-regression');
    expect(careless.fixFailed).toBe(false);
    expect(done.bestIteration).toBe(1);
    expect(done.outcome).not.toBe('reproducible');
    expect(iterations[1]!.fidelity?.score).toBeLessThan(1);
  }, 300_000);
});

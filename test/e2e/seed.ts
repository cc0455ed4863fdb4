// Seeds a real store for the UI tests and the UI benchmark: small case folders we write ourselves (a two-cell
// notebook each, several competitions) and many finished jobs with outcomes, scores, reviews and, for some, two
// persisted iterations with a rules fix, so every table column and dashboard chart has data.
import fs from 'node:fs';
import path from 'node:path';
import { importCase } from '../../main/core/jobs/job-service';
import { openStore } from '../../main/core/store';
import type { CaseRecord } from '../../main/core/store';
import type { ExecutionReport } from '../../shared/models/execution';
import type { Outcome, Verdict } from '../../shared/models/loop';

const COMPETITIONS = ['titanic', 'house-prices', 'digit-recognizer', 'spaceship-titanic', null] as const;
const OUTCOMES: (Outcome | null)[] = [
  'reproducible',
  'reproducible',
  'reproducible-with-errors',
  'not-reproducible',
  null,
];

function notebook(i: number, fixed: boolean): string {
  const cells = [
    { cell_type: 'markdown', id: `md-${i}`, metadata: {}, source: [`# Seed case ${i}`] },
    {
      cell_type: 'code',
      id: `code-${i}`,
      metadata: {},
      execution_count: null,
      outputs: [],
      source: ['import numpy as np\n', fixed ? `x = float(${i})\n` : `x = np.float(${i})\n`, 'print(x)'],
    },
  ];
  return JSON.stringify({
    cells,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
    nbformat: 4,
    nbformat_minor: 5,
  });
}

export interface SeedResult {
  caseIds: string[];
  jobIds: string[];
}

export async function seedStore(
  dbPath: string,
  workDir: string,
  jobCount: number,
  options: { caseCount?: number; iterationsEvery?: number } = {},
): Promise<SeedResult> {
  const caseCount = options.caseCount ?? 12;
  const every = options.iterationsEvery ?? 6;
  const store = openStore(dbPath);
  try {
    const cases: CaseRecord[] = [];
    for (let c = 0; c < caseCount; c++) {
      const dir = path.join(workDir, `seed-case-${c}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'notebook.ipynb'), notebook(c, false));
      const competition = COMPETITIONS[c % COMPETITIONS.length];
      fs.writeFileSync(
        path.join(dir, 'nbrevive.case.json'),
        JSON.stringify({
          id: `seed-case-${String(c).padStart(3, '0')}`,
          title: `Seed notebook ${c}: ${competition ?? 'exploration'}`,
          notebook: 'notebook.ipynb',
          ...(competition ? { competition } : {}),
          score: { kind: 'output', cellIndex: 1, pattern: '([0-9.]+)', occurrence: 'last' },
          target: { value: 0.8 + (c % 5) / 100 },
        }),
      );
      cases.push(await importCase(store, dir));
    }
    const jobIds: string[] = [];
    const start = Date.parse('2024-05-01T08:00:00Z');
    store.transaction(() => {
      for (let i = 0; i < jobCount; i++) {
        const c = i % cases.length;
        const kase = cases[c]!;
        const outcome = OUTCOMES[i % OUTCOMES.length] ?? null;
        const status = outcome ? 'done' : i % 2 ? 'failed' : 'cancelled';
        const job = store.jobs.create({ caseId: kase.id, status: 'running', settings: { maxIterations: 4 } });
        const target = kase.target?.value ?? null;
        const score =
          outcome === 'not-reproducible'
            ? (target ?? 1) * 0.6
            : outcome
              ? (target ?? 1) * (1 + ((i % 7) - 3) / 200)
              : null;
        if (outcome && i % every === 0) {
          const report = (errors: number, s: number | null): ExecutionReport => ({
            status: errors ? 'error' : 'ok',
            scoreNote: null,
            message: null,
            wallTimeMs: 1200 + (i % 9) * 100,
            timeoutMs: 600_000,
            errors: errors
              ? [
                  {
                    cellIndex: 1,
                    cellId: `code-${c}`,
                    ename: 'AttributeError',
                    evalue: "module 'numpy' has no attribute 'float'.",
                    traceback: ['\x1b[0;31mAttributeError\x1b[0m: module numpy has no attribute float'],
                    line: 'x = np.float(1)',
                    preExisting: false,
                  },
                ]
              : [],
            cells: [],
            filesWritten: [],
            scores: [s],
            score: s,
          });
          const verdict = (ok: boolean, s: number | null): Verdict => ({
            reproducible: ok,
            errorFree: ok,
            problem: ok ? null : 'error',
            reason: ok ? 'score within tolerance' : 'AttributeError in cell 2',
            score: s,
            target,
            relativeDeviation: s === null || target === null ? null : Math.abs(s - target) / target,
            pValue: null,
            method: 'tolerance',
          });
          store.iterations.persist(
            {
              jobId: job.id,
              index: 0,
              report: report(1, null),
              verdict: verdict(false, null),
              fix: {
                type: 'error-repair',
                source: i % 12 === 0 ? 'llm' : 'rules',
                ruleIds: i % 12 === 0 ? [] : ['numpy.float-alias'],
                model: i % 12 === 0 ? 'gpt-4o-mini' : null,
                plan: 'np.float was removed in NumPy 1.24: use the builtin float.',
                edits: [{ cellIndex: 1, source: `import numpy as np\nx = float(${c})\nprint(x)` }],
                flags: i % 18 === 0 ? ['changed n_estimators'] : [],
                usage: i % 12 === 0 ? { promptTokens: 900, completionTokens: 120, costUsd: 0.0021 } : null,
              },
            },
            // the first version is the case's notebook as imported; the fix changed one line of it
            { notebook: notebook(c, false) },
          );
          store.iterations.persist(
            { jobId: job.id, index: 1, report: report(0, score), verdict: verdict(true, score) },
            { notebook: notebook(c, true) },
          );
        }
        store.jobs.update(job.id, {
          status,
          outcome,
          stopReason: outcome
            ? outcome === 'not-reproducible'
              ? 'max-iterations'
              : 'reproducible'
            : status === 'failed'
              ? 'failed'
              : 'cancelled',
          score,
          bestIteration: outcome && i % every === 0 ? 1 : null,
          startedAt: new Date(start + i * 60_000).toISOString(),
          finishedAt: new Date(start + i * 60_000 + 45_000).toISOString(),
          ...(status === 'failed'
            ? { error: { code: 'runtime-unavailable', message: 'the kernel died; check the Python runtime' } }
            : {}),
        });
        if (outcome && i % 4 === 1)
          store.jobs.setReview(job.id, i % 3 === 0 ? 'not-equivalent' : 'equivalent', 'seeded review');
        jobIds.push(job.id);
      }
    });
    return { caseIds: cases.map((c) => c.id), jobIds };
  } finally {
    store.close();
  }
}

// Benchmark: prompt tokens per fix, cell-edit vs whole-notebook prompting, on each corpus case's first error, and
// the fix-memory hit rate over the corpus. No notebook is executed and no model is called: the error comes from
// the manifest's `expected.firstError` (measured in the reference environment) and prompts are counted with the
// real tokenizer. Run: `npm run bench:tokens` (node bin/nbrevive.mjs --script test/bench/tokens.ts).
import path from 'node:path';
import type { CellError, EnvironmentDescription, ExecutionReport } from '../../shared/models/execution';
import type { Verdict } from '../../shared/models/loop';
import { loadCase, findCases } from '../../main/core/case/case-loader';
import { readNotebookFile } from '../../main/core/notebook/notebook-file';
import type { FixContext } from '../../main/core/fixers/fixer';
import { errorSignature } from '../../main/core/fixers/llm/memory';
import { toPercent } from '../../main/core/fixers/llm/notebook-text';
import { cellSource } from '../../shared/lib/ipynb';
import { buildPrompt } from '../../main/core/fixers/llm/prompt';
import { loadTokenizer } from '../../main/core/fixers/llm/tokens';
import { CORPUS_DIR, CORPUS_SKIP_REASON } from '../helpers/corpus';
import { BOOKWORM_ENVIRONMENT } from '../helpers/environments';

/** Debian bookworm's stack with the packages the corpus imports besides the core ones. */
const REFERENCE: EnvironmentDescription = {
  ...BOOKWORM_ENVIRONMENT,
  packages: {
    ...BOOKWORM_ENVIRONMENT.packages,
    scipy: '1.10.1',
    seaborn: '0.12.2',
    xgboost: '1.7.4',
    statsmodels: '0.13.5',
    nltk: '3.8',
  },
};

async function main(): Promise<void> {
  if (!CORPUS_DIR) {
    console.log(`bench:tokens ${CORPUS_SKIP_REASON}`);
    return;
  }
  const counter = await loadTokenizer('o200k_base');
  const rows: Array<{
    id: string;
    error: string;
    cells: number;
    whole: number;
    ratio: number;
    cellsFix: number;
    wholeFix: number;
  }> = [];
  const seen = new Set<string>();
  let withError = 0;
  let memoryHits = 0;
  for (const dir of await findCases(CORPUS_DIR)) {
    const c = await loadCase(dir);
    const first = c.manifest?.expected?.firstError;
    if (!first) {
      console.log(`${c.id}: runs unmodified (no first error) — skipped`);
      continue;
    }
    const notebook = await readNotebookFile(c.notebookPath);
    const error: CellError = {
      cellIndex: first.cellIndex,
      cellId: notebook.cells[first.cellIndex]?.id ?? null,
      ename: first.ename,
      evalue: first.evalue ?? '',
      traceback: ['Traceback (most recent call last)', `${first.ename}: ${first.evalue ?? ''}`],
      line: null,
      preExisting: false,
    };
    const report: ExecutionReport = {
      status: 'error',
      wallTimeMs: Math.round(Number(c.manifest?.expected?.runtimeSeconds ?? 10) * 1000),
      timeoutMs: 600_000,
      errors: [error],
      cells: [],
      filesWritten: [],
      scores: [null],
      score: null,
      scoreNote: 'not executed (benchmark)',
      message: null,
    };
    const verdict: Verdict = {
      reproducible: false,
      errorFree: false,
      problem: 'error',
      reason: 'first error',
      score: null,
      target: c.target?.value ?? null,
      relativeDeviation: null,
      pValue: null,
      method: 'no-score',
    };
    const ctx: FixContext = {
      notebook,
      original: notebook,
      case: c,
      problem: 'error',
      report,
      verdict,
      environment: REFERENCE,
      history: [],
      exclude: new Set(),
    };
    const base = { contextTokens: 200_000, maxTokens: 16_000, neighbourCells: 1 };
    const cells = buildPrompt(ctx, { ...base, format: 'cells' }, counter).promptTokens;
    const whole = buildPrompt(ctx, { ...base, format: 'notebook' }, counter).promptTokens;
    // the answer each format needs at least: the failing cell as JSON, or the whole notebook again
    const failing = notebook.cells[first.cellIndex];
    const cellsAnswer = counter.count(
      JSON.stringify({ plan: '', edits: [{ cellIndex: first.cellIndex, source: failing ? cellSource(failing) : '' }] }),
    );
    const wholeAnswer = counter.count(toPercent(notebook));
    rows.push({
      id: c.id,
      error: `${first.cellIndex}: ${first.ename}`,
      cells,
      whole,
      ratio: whole / cells,
      cellsFix: cells + cellsAnswer,
      wholeFix: whole + wholeAnswer,
    });
    // fix memory: would an earlier case's verified fix for the same signature be offered here?
    withError++;
    const signature = errorSignature(error);
    if (seen.has(signature)) memoryHits++;
    seen.add(signature);
  }
  const pad = (s: string | number, n: number): string => String(s).padEnd(n);
  console.log(
    `\nprompt tokens per fix (o200k_base), first error of each corpus case in ${path.relative(process.cwd(), CORPUS_DIR)}`,
  );
  console.log(
    `${pad('case', 34)}${pad('first error', 28)}${pad('cells', 8)}${pad('notebook', 10)}${pad('ratio', 8)}| with answer: cells  notebook  ratio`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.id, 34)}${pad(row.error, 28)}${pad(row.cells, 8)}${pad(row.whole, 10)}${pad(`${row.ratio.toFixed(1)}×`, 8)}|              ${pad(row.cellsFix, 7)}${pad(row.wholeFix, 10)}${(row.wholeFix / row.cellsFix).toFixed(1)}×`,
    );
  }
  const sumCells = rows.reduce((s, r) => s + r.cells, 0);
  const sumWhole = rows.reduce((s, r) => s + r.whole, 0);
  const overall = sumWhole / Math.max(1, sumCells);
  const minRatio = Math.min(...rows.map((r) => r.ratio));
  console.log(
    `total: cells ${sumCells}, notebook ${sumWhole} → ${overall.toFixed(1)}× fewer prompt tokens with cell edits (lowest ${minRatio.toFixed(1)}×; goal ≥ 4×: ${overall >= 4 ? 'met' : 'NOT met'})`,
  );
  const fixCells = rows.reduce((s, r) => s + r.cellsFix, 0);
  const fixWhole = rows.reduce((s, r) => s + r.wholeFix, 0);
  console.log(
    `with the least answer each format needs (the failing cell vs the whole notebook again): ${fixCells} vs ${fixWhole} tokens → ${(fixWhole / Math.max(1, fixCells)).toFixed(1)}×`,
  );
  console.log(
    `fix memory: ${memoryHits} of ${withError} cases' first-error signatures were seen in an earlier case (hit rate ${withError ? ((100 * memoryHits) / withError).toFixed(0) : 0}%)`,
  );
}

await main();

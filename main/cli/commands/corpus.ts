// `nbrevive corpus run <dir>`: modernizes every case below a folder with N jobs at a time, with a progress bar,
// then prints the paper's tables (outcomes, fixes by type and source, error types before/after, fixes to success).
// With --target auto, a case without a score of its own takes the best target its saved outputs show (as `run
// --target auto` does), and the case table says for each case where its target came from.
import { formatScore } from '../../../shared/lib/judge';
import type { JobSettings } from '../../../shared/models/loop';
import { findCases } from '../../core/case/case-loader';
import { createModernizationLoop, createRuntime } from '../../core/job-setup';
import { createFixers } from '../../core/fixers/fixer-chain';
import { withPythonOffer } from '../python-offer';
import type { Runtime } from '../../core/runtime/runtime';
import { Budget } from '../../core/fixers/llm/budget';
import { createJob, importCase } from '../../core/jobs/job-service';
import { importCaseWithAutoTarget } from '../../core/jobs/auto-target';
import { ownerId } from '../../core/jobs/job-owner';
import { corpusStats, type CorpusStats } from '../../core/stats/corpus-stats';
import { openStore, resolveDbPath, type CaseRecord, type Job, type Store } from '../../core/store';
import { bold } from '../format';
import { buildLlmFixers, llmSettingsFrom, parseLoopCommand, type LlmCliSettings } from '../llm-options';
import { jobSettingsFrom, UsageError, withStoredUrlMap } from '../options';

export const CORPUS_HELP = `usage: nbrevive corpus run <dir> [--concurrency N] [--max-iterations N] [--fixers rules,llm] [--target auto] [--json]

Modernizes every case below dir (folders holding nbrevive.case.json) and prints the outcome tables.
Accepts the options of nbrevive modernize.

  --target auto   a case without a score takes the best one its saved outputs show (see nbrevive targets);
                  the case table's "target from" column says which one each case used`;

/** Where a case's target came from, for the case table and --json's `targets`. */
export interface CaseTargetSource {
  caseId: string;
  /** 'case': its manifest's own; 'auto': chosen by --target auto; 'none': no target (judged on errors/fidelity) */
  source: 'case' | 'auto' | 'none';
  /** for 'auto': the candidate used, in words (metric, value, cell) */
  detail: string | null;
  /** for 'auto': the note the report prints (why this candidate) */
  note: string | null;
}

async function importWithTarget(
  store: Store,
  caseDir: string,
  auto: boolean,
): Promise<{ record: CaseRecord; source: CaseTargetSource }> {
  if (!auto) {
    const record = await importCase(store, caseDir);
    return {
      record,
      source: { caseId: record.id, source: record.target ? 'case' : 'none', detail: null, note: null },
    };
  }
  const { record, auto: chosen } = await importCaseWithAutoTarget(store, caseDir);
  const c = chosen.chosen;
  return {
    record,
    source: {
      caseId: record.id,
      source: c ? 'auto' : record.target ? 'case' : 'none',
      detail: c ? `${c.metric} ${c.value} (cell ${c.cellIndex})` : null,
      note: chosen.note,
    },
  };
}

export async function corpusCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || !sub) {
    console.log(CORPUS_HELP);
    return 0;
  }
  if (sub !== 'run') throw new UsageError(`unknown corpus command '${sub}'`);
  const { values, positionals } = parseCorpusRun(rest);
  if (values.help) {
    console.log(CORPUS_HELP);
    return 0;
  }
  const { dir, concurrency, cliSettings, autoTarget } = corpusRunOptions(values, positionals);
  const store = openStore(resolveDbPath(values.db));
  try {
    const settings = withStoredUrlMap(cliSettings, store);
    const runtime = await withPythonOffer(() => createRuntime(settings), { yes: values.yes });
    const { records, sources } = await importCases(store, dir, autoTarget);
    const llm = settings.fixers.includes('llm') ? llmSettingsFrom(values, store) : null;
    const jobs = await runCorpusJobs(store, records, { settings, runtime, llm, concurrency });
    const stats = corpusStats(
      store,
      jobs.map((j) => store.jobs.require(j.id)),
    );
    if (values.json) console.log(JSON.stringify({ ...stats, targets: sources }));
    else printTables(stats, sources);
    return 0;
  } finally {
    store.close();
  }
}

const parseCorpusRun = (args: string[]) => parseLoopCommand(args, { concurrency: { type: 'string' } });

/** The run's folder, concurrency, job settings and --target auto, checked. */
function corpusRunOptions(values: ReturnType<typeof parseCorpusRun>['values'], positionals: string[]) {
  const dir = positionals[0];
  if (!dir) throw new UsageError('which folder? nbrevive corpus run <dir>');
  const concurrency = Number(values.concurrency ?? 1);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError('--concurrency must be a positive integer');
  const maxIterations = Number(values['max-iterations'] ?? 16);
  const fixers = (values.fixers ?? 'rules').split(',') as JobSettings['fixers'];
  const cliSettings = jobSettingsFrom(values, { maxIterations, fixers });
  if (values.target !== undefined && values.target !== 'auto')
    throw new UsageError(
      `--target accepts only 'auto' (the best score its saved outputs show), got '${values.target}'`,
    );
  return { dir, concurrency, cliSettings, autoTarget: values.target === 'auto' };
}

/** Imports every case below dir, each with where its target came from. */
async function importCases(
  store: Store,
  dir: string,
  autoTarget: boolean,
): Promise<{ records: CaseRecord[]; sources: CaseTargetSource[] }> {
  const caseDirs = await findCases(dir);
  if (caseDirs.length === 0)
    throw new UsageError(`no cases below ${dir} (a case is a folder holding nbrevive.case.json)`);
  const records: CaseRecord[] = [];
  const sources: CaseTargetSource[] = [];
  for (const caseDir of caseDirs) {
    const { record, source } = await importWithTarget(store, caseDir, autoTarget);
    records.push(record);
    sources.push(source);
  }
  return { records, sources };
}

/**
 * Runs one job per case, `concurrency` at a time, with a progress bar; Ctrl-C stops starting new ones. Each job is
 * created as this process starts it, owned by it: a host's worker never claims it, and a host started meanwhile
 * leaves it alone while this process lives.
 */
async function runCorpusJobs(
  store: Store,
  records: readonly CaseRecord[],
  run: { settings: JobSettings; runtime: Runtime; llm: LlmCliSettings | null; concurrency: number },
): Promise<Job[]> {
  const { settings, runtime, llm } = run;
  const jobs: Job[] = [];
  const owner = ownerId('cli');
  const corpusBudget = llm ? new Budget('corpus', llm.budget) : null;
  const bar = new ProgressBar(records.length, true);
  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort('cancel'));
  let next = 0;
  const finished: Job[] = [];
  const worker = async () => {
    while (next < records.length && !controller.signal.aborted) {
      const job = createJob(store, records[next++]!, settings, { status: 'running', workerId: owner });
      jobs.push(job);
      const extra = llm && corpusBudget ? await buildLlmFixers(store, llm, corpusBudget.child(`job ${job.id}`)) : [];
      const runner = createModernizationLoop(store, runtime, createFixers({ extra }));
      bar.start(job.caseId);
      try {
        finished.push(await runner.run(job.id, { signal: controller.signal }));
      } catch (e) {
        bar.note(`${job.caseId}: ${(e as Error).message}`);
        finished.push(store.jobs.require(job.id));
      }
      bar.done(job.caseId, finished.at(-1)?.outcome ?? 'failed');
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.concurrency, records.length) }, worker));
  bar.finish();
  return jobs;
}

class ProgressBar {
  private done_ = 0;
  private readonly running = new Set<string>();
  private readonly started = Date.now();
  constructor(
    private readonly total: number,
    private readonly enabled: boolean,
  ) {}
  start(id: string) {
    this.running.add(id);
    this.draw();
  }
  done(id: string, outcome: string) {
    this.running.delete(id);
    this.done_++;
    this.note(`${id}: ${outcome}`);
  }
  note(text: string) {
    if (!this.enabled) return;
    process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${text}\n`);
    this.draw();
  }
  private draw() {
    if (!this.enabled || !process.stderr.isTTY) return;
    const width = 30;
    const filled = Math.round((this.done_ / this.total) * width);
    const secs = Math.round((Date.now() - this.started) / 1000);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`;
    process.stderr.write(`\r\x1b[K[${bar}] ${this.done_}/${this.total}  ${secs}s  ${[...this.running].join(', ')}`);
  }
  finish() {
    if (this.enabled && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  }
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function printTables(stats: CorpusStats, sources: readonly CaseTargetSource[] = []): void {
  const pct = (n: number) => `${stats.jobs ? ((100 * n) / stats.jobs).toFixed(1) : '0.0'}%`;
  console.log(`\n${bold('Outcomes')}`);
  console.log(
    table(
      ['outcome', 'jobs', 'share'],
      Object.entries(stats.outcomes)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => [k, n, pct(n)]),
    ),
  );
  console.log(`\n${bold('Fixes by type and source')} (${stats.fixes.total} fixes, ${stats.fixes.failed} failed)`);
  console.log(table(['type', 'fixes'], Object.entries(stats.fixes.byType)));
  console.log(table(['source', 'fixes'], Object.entries(stats.fixes.bySource)));
  console.log(`\n${bold('Error types')}`);
  const names = [...new Set([...Object.keys(stats.errorTypes.before), ...Object.keys(stats.errorTypes.after)])].sort();
  console.log(
    table(
      ['error', 'before', 'after'],
      names.map((n) => [n, stats.errorTypes.before[n] ?? 0, stats.errorTypes.after[n] ?? 0]),
    ),
  );
  console.log(`\n${bold('Fixes to success')}`);
  console.log(
    table(
      ['fixes', 'jobs'],
      Object.entries(stats.fixesToSuccess).sort((a, b) => Number(a[0]) - Number(b[0])),
    ),
  );
  const { reproducible, withErrors } = stats.meanFixesToSuccess;
  console.log(`mean: error-free ${reproducible?.toFixed(2) ?? '-'}, with errors ${withErrors?.toFixed(2) ?? '-'}`);
  if (stats.editSimilarity.mean !== null) {
    console.log(
      `\n${bold('Edit similarity to the original')} ` +
        `(mean ${stats.editSimilarity.mean.toFixed(3)}, median ${stats.editSimilarity.median?.toFixed(3) ?? '-'})`,
    );
    console.log(
      table(
        ['similarity', 'jobs'],
        Object.entries(stats.editSimilarity.buckets).filter(([, n]) => n > 0),
      ),
    );
  }
  console.log(`\n${bold('Cases')}`);
  const sourceOf = new Map(sources.map((s) => [s.caseId, s]));
  const targetFrom = (caseId: string) => {
    const s = sourceOf.get(caseId);
    if (!s) return '-';
    return s.source === 'auto' ? `auto: ${s.detail ?? ''}` : s.source;
  };
  console.log(
    table(
      ['case', 'first error before', 'fixes', 'outcome', 'score', 'target', 'target from', 'fidelity', 'similarity'],
      stats.rows.map((r) => [
        r.caseId,
        r.firstErrorBefore ?? '-',
        r.fixes.join(', ') || '-',
        r.outcome ?? r.stopReason ?? '-',
        r.score === null ? '-' : formatScore(r.score),
        r.target === null ? '-' : formatScore(r.target),
        targetFrom(r.caseId),
        r.fidelity === null ? '-' : `${(r.fidelity * 100).toFixed(1)}%`,
        r.similarity === null ? '-' : r.similarity.toFixed(3),
      ]),
    ),
  );
  if (stats.usage.costUsd || stats.usage.promptTokens)
    console.log(
      `\nLLM: ${stats.usage.promptTokens + stats.usage.completionTokens} tokens, $${stats.usage.costUsd.toFixed(4)}`,
    );
}

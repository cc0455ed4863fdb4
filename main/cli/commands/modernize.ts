// `nbrevive modernize`: the loop until the notebook runs and reproduces its score (or --resume a stored job), then
// its summary: outcome, fixes by type and source, score against target, errors before and after, what is left.
import { NbreviveError } from '../../../shared/lib/errors';
import { formatScore } from '../../../shared/lib/judge';
import { changedLineCount } from '../../../shared/lib/notebook-edits';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { firstLine } from '../../../shared/lib/text';
import { formatDuration } from '../../../shared/lib/format';
import type { JobSettings } from '../../../shared/models/loop';
import { createRuntime } from '../../core/job-setup';
import { withPythonOffer } from '../python-offer';
import { createJob } from '../../core/jobs/job-service';
import { ownerAlive, ownerId } from '../../core/jobs/job-owner';
import type { LoopEvent } from '../../core/loop/job-run';
import { openStore, resolveDbPath, type Job, type Store } from '../../core/store';
import { exportJob } from '../../core/jobs/export';
import { buildLlmFixers, llmSettingsFrom, parseLoopCommand } from '../llm-options';
import { bold, green, red } from '../format';
import { jobSettingsFrom, UsageError, withStoredUrlMap } from '../options';
import { Progress } from '../progress';
import type { AutoTarget } from '../../core/jobs/auto-target';
import { summarizeFidelity } from '../../core/fidelity/compare';
import { fidelityJson, importForJob, runToEnd, type FidelityJson } from './job';

export const MODERNIZE_HELP = `usage: nbrevive modernize <notebook | case folder | case.json> [options]
       nbrevive modernize --resume JOB

Runs the loop: execute, judge, fix (rules first, then an LLM if enabled), until the notebook runs and reproduces
its score or the budget ends. Every iteration is stored; a killed job resumes with --resume.

  --max-iterations N   executions at most (default 16)
  --fixers LIST        rules (default), llm, or rules,llm
  --out FILE           write the best version there (.ipynb, .py for percent format)
  --resume JOB         continue a job from its last stored iteration
  (and every option of nbrevive run; LLM options: see nbrevive help llm)`;

function describeEvent(event: LoopEvent): string | null {
  switch (event.type) {
    case 'iteration-finished': {
      const { report, verdict, index } = event.iteration;
      const errs = report.errors.filter((e) => !e.preExisting);
      const first = errs[0];
      const what =
        report.status === 'timeout'
          ? red('timeout')
          : errs.length
            ? `${red(`${errs.length} error(s)`)}, first: ` +
              `cell ${first?.cellIndex} ${first?.ename}: ${firstLine(first?.evalue ?? '', 100)}`
            : green('no errors');
      const score = report.score === null ? 'no score' : `score ${formatScore(report.score)}`;
      const reproducible = verdict.reproducible ? 'reproducible' : 'not reproducible';
      return `${bold(`iteration ${index}`)}  ${formatDuration(report.wallTimeMs)}  ${what}; ${score}; ${reproducible}`;
    }
    case 'fix-proposed': {
      const { fix } = event;
      const ids = fix.ruleIds.length ? ` [${fix.ruleIds.join(', ')}]` : fix.model ? ` [${fix.model}]` : '';
      return `  → fix ${fix.type} (${fix.source})${ids}: ${fix.plan.split('\n')[0]?.slice(0, 140)}`;
    }
    case 'fix-failed':
      return `  ✗ the fix of iteration ${event.iteration} did not help (${event.why}); it will not be tried again`;
    default:
      return null;
  }
}

export async function modernizeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseModernize(args);
  if (values.help) {
    console.log(MODERNIZE_HELP);
    return 0;
  }
  const store = openStore(resolveDbPath(values.db));
  try {
    const { jobId, settings, auto } = values.resume
      ? { ...claimForResume(store, values.resume, positionals), auto: null }
      : await newJob(store, values, positionals);
    const extra = settings.fixers.includes('llm') ? await buildLlmFixers(store, llmSettingsFrom(values, store)) : [];
    const progress = new Progress({ quiet: values.json && !process.stderr.isTTY });
    const quiet = values.json;
    const finished = await runToEnd({ store, settings, json: values.json, progress }, jobId, extra, (event) => {
      const line = quiet ? null : describeEvent(event);
      if (line) progress.print(line);
    });
    const summary = summarize(store, finished);
    if (values.out && finished.bestIteration !== null) await exportJob(store, finished.id, values.out);
    if (values.json) console.log(JSON.stringify({ ...summary, autoTarget: auto, out: values.out ?? null }));
    else {
      if (auto) progress.print(auto.note);
      printSummary(summary, values.out);
    }
    return finished.status === 'cancelled' ? 130 : 0;
  } finally {
    store.close();
  }
}

const parseModernize = (args: string[]) =>
  parseLoopCommand(args, { out: { type: 'string' }, resume: { type: 'string' } });

/** --resume JOB: the job claimed for this process (atomically: a host's worker may be about to claim it too). */
function claimForResume(
  store: Store,
  resume: string,
  positionals: readonly string[],
): { jobId: string; settings: JobSettings } {
  if (positionals.length) throw new UsageError('--resume JOB takes no notebook: the job knows its case');
  const job = store.jobs.require(resume);
  if (job.status === 'done' || job.status === 'cancelled')
    throw new UsageError(`job ${job.id} is ${job.status}; nothing to resume`);
  if (job.status === 'running' && ownerAlive(job.workerId)) {
    throw new NbreviveError(
      'invalid-request',
      `job ${job.id} is running in another process (${job.workerId}); cancel it there, or wait for it`,
    );
  }
  const claimed = store.jobs.claim(job.id, ownerId('cli'), ['queued', 'failed', 'paused', 'running']);
  if (!claimed)
    throw new NbreviveError(
      'invalid-request',
      `job ${job.id} was taken by another process meanwhile; nothing to resume here`,
    );
  return { jobId: claimed.id, settings: claimed.settings };
}

/** A new job for the notebook, case folder or case.json named, its settings from the options, owned by this process. */
async function newJob(
  store: Store,
  values: ReturnType<typeof parseModernize>['values'],
  positionals: readonly string[],
): Promise<{ jobId: string; settings: JobSettings; auto: AutoTarget | null }> {
  const target = positionals[0];
  if (!target || positionals.length > 1)
    throw new UsageError('nbrevive modernize takes exactly one notebook, case folder or case.json');
  const maxIterations = values['max-iterations'] === undefined ? 16 : Number(values['max-iterations']);
  if (!Number.isInteger(maxIterations) || maxIterations < 1)
    throw new UsageError(`--max-iterations must be a positive integer, got '${values['max-iterations']}'`);
  const fixers = (values.fixers ?? 'rules')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fixers)
    if (f !== 'rules' && f !== 'llm') throw new UsageError(`--fixers accepts rules and llm, got '${f}'`);
  const settings = withStoredUrlMap(
    jobSettingsFrom(values, { maxIterations, fixers: fixers as JobSettings['fixers'] }),
    store,
  );
  const { caseRecord, auto } = await importForJob(store, target, values);
  await withPythonOffer(() => createRuntime(settings), { yes: values.yes });
  const jobId = createJob(store, caseRecord, settings, { status: 'running', workerId: ownerId('cli') }).id;
  return { jobId, settings, auto };
}

export interface ModernizeSummary {
  jobId: string;
  caseId: string;
  status: string;
  outcome: string | null;
  stopReason: string | null;
  iterations: number;
  bestIteration: number | null;
  score: number | null;
  target: number | null;
  fixes: {
    iteration: number;
    type: string;
    source: string;
    ruleId: string | null;
    ruleIds: string[];
    failed: boolean;
    flags: string[];
    usage: unknown;
  }[];
  fixesByType: Record<string, number>;
  fixesBySource: Record<string, number>;
  linesChanged: number;
  usage: { promptTokens: number; completionTokens: number; costUsd: number };
  errorsBefore: { cellIndex: number; ename: string }[];
  errorsAfter: { cellIndex: number; ename: string }[];
  /** the best iteration's outputs compared with the author's saved ones */
  fidelity: FidelityJson | null;
  /** the errors the job ended with and why no fix applied: for the LLM fixer or a person to pick up */
  unresolved: { cellIndex: number; ename: string; evalue: string; reason: string; detail: string; ruleIds: string[] }[];
}

export function summarize(store: Store, job: Job): ModernizeSummary {
  const iterations = store.iterations.list(job.id);
  const fixes = iterations
    .filter((it) => it.fix)
    .map((it) => ({
      iteration: it.index,
      type: it.fix!.type,
      source: it.fix!.source,
      ruleId: it.fix!.ruleIds[0] ?? null,
      ruleIds: it.fix!.ruleIds,
      failed: it.fixFailed,
      flags: it.fix!.flags,
      usage: it.fix!.usage,
    }));
  const count = (key: 'type' | 'source') =>
    fixes.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f[key]]: (acc[f[key]] ?? 0) + 1 }), {});
  const first = iterations[0];
  const best = job.bestIteration === null ? undefined : iterations.find((it) => it.index === job.bestIteration);
  let linesChanged = 0;
  if (first && best)
    linesChanged = changedLineCount(
      parseNotebook(store.blobs.getText(first.versionHash)),
      parseNotebook(store.blobs.getText(best.versionHash)),
    );
  const errs = (it: typeof first) =>
    (it?.report.errors ?? []).filter((e) => !e.preExisting).map((e) => ({ cellIndex: e.cellIndex, ename: e.ename }));
  return {
    jobId: job.id,
    caseId: job.caseId,
    status: job.status,
    outcome: job.outcome,
    stopReason: job.stopReason,
    iterations: iterations.length,
    bestIteration: job.bestIteration,
    score: job.score,
    target: job.target,
    fixes,
    fixesByType: count('type'),
    fixesBySource: count('source'),
    linesChanged,
    usage: { promptTokens: job.promptTokens, completionTokens: job.completionTokens, costUsd: job.costUsd },
    errorsBefore: errs(first),
    errorsAfter: errs(best),
    fidelity: fidelityJson(best?.fidelity ?? null),
    unresolved: job.unresolved.map((u) => ({
      cellIndex: u.cellIndex,
      ename: u.ename,
      evalue: u.evalue,
      reason: u.reason,
      detail: u.detail,
      ruleIds: u.ruleIds,
    })),
  };
}

function printSummary(s: ModernizeSummary, out: string | undefined): void {
  const outcome =
    s.outcome === 'reproducible'
      ? green(s.outcome)
      : s.outcome === 'not-reproducible'
        ? red(s.outcome)
        : (s.outcome ?? s.status);
  console.log('');
  console.log(`${bold('outcome')}     ${outcome} (stopped: ${s.stopReason ?? s.status})`);
  console.log(`${bold('iterations')}  ${s.iterations}, best: ${s.bestIteration ?? '-'}`);
  const byType =
    Object.entries(s.fixesByType)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const bySource =
    Object.entries(s.fixesBySource)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  console.log(`${bold('fixes')}       ${s.fixes.length} (${byType}; by source: ${bySource})`);
  const scoreOrNone = (score: number | null): string => (score === null ? 'none' : formatScore(score));
  console.log(`${bold('score')}       ${scoreOrNone(s.score)}   target ${scoreOrNone(s.target)}`);
  console.log(`${bold('errors')}      before ${s.errorsBefore.length}, after ${s.errorsAfter.length}`);
  for (const u of s.unresolved)
    console.log(`  left: cell ${u.cellIndex} ${u.ename}: ${u.evalue.slice(0, 100)}\n        ${u.reason}: ${u.detail}`);
  console.log(`${bold('changed')}     ${s.linesChanged} line(s)`);
  if (s.fidelity) console.log(`${bold('fidelity')}    ${summarizeFidelity({ ...s.fidelity, tolerance: 0 })}`);
  if (s.usage.promptTokens || s.usage.costUsd)
    console.log(
      `${bold('LLM usage')}   ${s.usage.promptTokens} prompt + ${s.usage.completionTokens} completion tokens, ` +
        `$${s.usage.costUsd.toFixed(4)}`,
    );
  console.log(
    `${bold('job')}         ${s.jobId}${out ? `   written: ${out}` : `   (nbrevive export ${s.jobId} --out FILE)`}`,
  );
}

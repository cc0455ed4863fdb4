// Executing one version of a job's notebook: `settings.runs` executions, scored and marked against the original;
// an execution that ends before its first cell starts retried as the environment's failure; the helper modules
// beside the notebook modernized by the rules before each execution of a rules job.
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import { markPreExisting } from '../../../shared/lib/judge';
import type { ResolvedCase } from '../../../shared/models/case';
import type { ExecutionReport } from '../../../shared/models/execution';
import type { Notebook } from '../../../shared/models/notebook';
import { helperModulesDiffer, modernizeHelperModules, recordHelperModuleErrors } from '../fixers/rules/helper-modules';
import type { Runtime } from '../runtime/runtime';
import { scoreExecution } from '../scoring/score';
import { diedBeforeFirstCell } from './decisions';
import { abortKindOf, type JobRun, type LoopDependencies } from './job-run';

export const DEFAULT_INFRASTRUCTURE_RETRIES = 2;

/** Re-executions of one version whose only news is an error inside a helper module (its rules change the module). */
const MAX_HELPER_MODULE_ROUNDS = 3;

/** What executing a version needs of the loop's dependencies. */
export type ExecutionDependencies = Pick<LoopDependencies, 'runtime' | 'workRoot' | 'infrastructureRetries'>;

/**
 * `settings.runs` executions of one version (fewer when one does not finish), scored and marked against the original.
 */
export async function executeVersion(
  deps: ExecutionDependencies,
  run: JobRun,
  notebook: Notebook,
  index: number,
): Promise<{ report: ExecutionReport; executed: Notebook | null }> {
  const runs = Math.max(1, run.settings.runs);
  let first: { report: ExecutionReport; executed: Notebook | null } | null = null;
  const scores: (number | null)[] = [];
  let scoreNote: string | null = null;
  for (let repeat = 0; repeat < runs; repeat++) {
    const result = await executeOnce(deps, run, notebook, index, repeat);
    if (abortKindOf(run.signal)) return { report: result.report, executed: result.executed };
    const reading = await scoreExecution({
      spec: run.case.score,
      case: run.case,
      executed: result.executed,
      original: run.original,
      workingDir: result.workingDir,
      runtime: deps.runtime,
    });
    scores.push(reading.score);
    scoreNote ??= reading.note;
    if (!first) first = { report: result.report, executed: result.executed };
    // a run that did not finish will not finish the next time either: repeating it only costs time
    if (result.report.status === 'timeout' || result.report.status === 'crashed') break;
  }
  if (!first) throw new NbreviveError('internal', 'no execution ran');
  const values = scores.filter((s): s is number => s !== null);
  const versionIds = notebook.cells.map((c) => c.id ?? null);
  const report: ExecutionReport = {
    ...first.report,
    errors: markPreExisting(first.report.errors, run.original, versionIds, await run.neverRanUnparsable),
    scores,
    score: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
    scoreNote: values.length ? null : scoreNote,
  };
  return { report, executed: first.executed };
}

/**
 * One execution. One that ended before its first cell started is the environment's failure, not the notebook's:
 * it is repeated (infrastructureRetries times), and when the kernel still does not come up the job fails with a
 * typed error and stays resumable, so the fix that produced this version is neither judged nor dropped.
 */
async function executeOnce(
  deps: ExecutionDependencies,
  run: JobRun,
  notebook: Notebook,
  index: number,
  repeat: number,
): Promise<Awaited<ReturnType<Runtime['execute']>>> {
  const { jobId, logs } = run;
  const retries = Math.max(0, deps.infrastructureRetries ?? DEFAULT_INFRASTRUCTURE_RETRIES);
  let kase = await helperModules(deps, run, index, repeat, 0);
  let moduleRounds = 0;
  for (let attempt = 0; ; attempt++) {
    const result = await deps.runtime.execute(
      {
        notebook,
        case: kase,
        timeoutMs: run.settings.timeoutMs,
        jobDir: path.join(deps.workRoot, jobId),
        ...(run.signal ? { signal: run.signal } : {}),
      },
      (event) => {
        if (repeat === 0) logs.runner(index, event);
        run.emit({ type: 'runner', jobId, iteration: index, run: repeat, event });
      },
    );
    if (abortKindOf(run.signal) || !diedBeforeFirstCell(result.report)) {
      if (run.settings.fixers.includes('rules') && !abortKindOf(run.signal)) {
        recordHelperModuleErrors(run.case, result.report.errors, result.workingDir);
        // errors raised inside a helper module are its rules' to repair, not a cell's (no fix of the cells would
        // run it again): when they change a module, the same version runs again at once, a few rounds at most
        if (moduleRounds < MAX_HELPER_MODULE_ROUNDS) {
          const next = await helperModules(deps, run, index, repeat, moduleRounds + 1);
          if (helperModulesDiffer(kase, next)) {
            moduleRounds++;
            kase = next;
            logs.system(
              index,
              'errors inside helper modules changed their modernized copies: running this version again',
            );
            attempt--; // not an infrastructure retry
            continue;
          }
        }
      }
      return result;
    }
    const what = result.report.message ?? `the execution ended (${result.report.status}) before the first cell started`;
    if (attempt >= retries) {
      throw new NbreviveError(
        'runtime-unavailable',
        `the notebook's kernel never came up (${attempt + 1} attempt${attempt > 0 ? 's' : ''}; last: ${what}); this ` +
          `is the runtime's failure, not the notebook's: check it with \`nbrevive runtimes\` (or raise --timeout), ` +
          `then continue with \`nbrevive modernize --resume ${jobId}\``,
        { jobId, iteration: index, attempts: attempt + 1 },
      );
    }
    logs.system(
      index,
      `the execution ended before its first cell started (${what}): retrying ` +
        `(${attempt + 1}/${retries}); it does not count against the fix`,
    );
  }
}

/**
 * The case to execute: with the rules fixer, the helper modules it places beside the notebook (data.files .py)
 * are modernized by the same rules (fixers/rules/helper-modules.ts), since a fix of the cells never reaches them;
 * the log says which. Without it, or when the environment cannot be described, the case as it is.
 */
async function helperModules(
  deps: ExecutionDependencies,
  run: JobRun,
  index: number,
  repeat: number,
  round: number,
): Promise<ResolvedCase> {
  if (!run.settings.fixers.includes('rules')) return run.case;
  try {
    const outDir = path.join(deps.workRoot, `${run.jobId}.modules`, round ? `${index}-${round}` : String(index));
    const { case: kase, modernized } = await modernizeHelperModules(run.case, await run.environment, outDir);
    if (modernized.length > 0 && repeat === 0 && round === 0)
      run.logs.system(
        index,
        `helper modules modernized for this execution (the case's files are unchanged): ` +
          `${modernized.map((m) => `${m.target} [${m.ruleIds.join(', ')}]`).join('; ')}`,
      );
    return kase;
  } catch {
    return run.case;
  }
}

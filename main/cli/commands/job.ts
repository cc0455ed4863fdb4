// `nbrevive run` (execute once and report what broke), and what it shares with `nbrevive modernize` (modernize.ts):
// both store a job (an execution is iteration 0 of a job with no fixing) and run it to its end here.
import type { JobSettings } from '../../../shared/models/loop';
import { createModernizationLoop, createRuntime } from '../../core/job-setup';
import { createFixers } from '../../core/fixers/fixer-chain';
import { withPythonOffer } from '../python-offer';
import { createJob, importCase } from '../../core/jobs/job-service';
import { ownerId } from '../../core/jobs/job-owner';
import type { LoopEvent } from '../../core/loop/job-run';
import { openStore, resolveDbPath, type Job, type Store } from '../../core/store';
import type { buildLlmFixers } from '../llm-options';
import { bold, formatExecution } from '../format';
import { COMMON_OPTIONS, JOB_OPTIONS, jobSettingsFrom, parse, UsageError, withStoredUrlMap } from '../options';
import { Progress } from '../progress';
import { importCaseWithAutoTarget } from '../../core/jobs/auto-target';
import { summarizeFidelity } from '../../core/fidelity/compare';
import type { Fidelity } from '../../../shared/models/fidelity';

export const RUN_HELP = `usage: nbrevive run <notebook | case folder | case.json> [options]

Executes the notebook once in today's environment and reports, cell by cell, what fails and the score it reaches
against the author's.

  --data DIR        the data folder (provided as ../input and /kaggle/input)
  --python PATH     the Python interpreter with nbclient + ipykernel (default: NBREVIVE_PYTHON, else the managed
                    runtime of 'nbrevive runtimes setup', else detected)
  --yes, -y         when no usable Python is found, set up the managed runtime without asking
  --runtime NAME    local (default) or docker;  --image NAME, --gpus all|N|none, --network for docker
  --timeout SEC     whole-notebook time limit (default 600)
  --runs N          execute N times; varying scores are judged with a one-sample t-test
  --tolerance T     relative tolerance of the score (default 0.1)
  --fidelity-threshold F
                    without a target score: the share of the author's comparable outputs a run must
                    reproduce to count as reproducible (default 0.9)
  --url-map FILE    a JSON file {url: localPath}: the kernel serves those URLs from the local copies
  --target auto     a case without a score takes the best one its saved outputs show (see nbrevive targets)
  --db PATH         the database (default: the user data folder; NBREVIVE_DB)
  --json            print one JSON object instead of the report`;

export interface JobCommandOptions {
  store: Store;
  settings: JobSettings;
  json: boolean;
  progress: Progress;
}

function controllerForSignals(progress: Progress): AbortController {
  const controller = new AbortController();
  let count = 0;
  process.on('SIGINT', () => {
    count++;
    if (count > 1) process.exit(130);
    progress.print('cancelling… (press Ctrl+C again to quit at once)');
    controller.abort('cancel');
  });
  process.on('SIGTERM', () => controller.abort('cancel'));
  return controller;
}

export async function runToEnd(
  options: JobCommandOptions,
  jobId: string,
  extraFixers: Awaited<ReturnType<typeof buildLlmFixers>>,
  onEvent?: (e: LoopEvent) => void,
): Promise<Job> {
  const { store, settings, progress } = options;
  const runtime = await createRuntime(settings);
  const runner = createModernizationLoop(store, runtime, createFixers({ extra: extraFixers }));
  const controller = controllerForSignals(progress);
  return runner.run(jobId, {
    signal: controller.signal,
    onEvent: (event) => {
      progress.handle(event);
      onEvent?.(event);
    },
  });
}

export async function runCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { ...COMMON_OPTIONS, ...JOB_OPTIONS });
  if (values.help) {
    console.log(RUN_HELP);
    return 0;
  }
  const target = positionals[0];
  if (!target || positionals.length > 1)
    throw new UsageError('nbrevive run takes exactly one notebook, case folder or case.json');
  const cliSettings = jobSettingsFrom(values, { maxIterations: 1, fixers: [] });
  const store = openStore(resolveDbPath(values.db));
  try {
    const settings = withStoredUrlMap(cliSettings, store);
    const { caseRecord, auto } = await importForJob(store, target, values);
    // an unusable runtime fails before a job is created
    await withPythonOffer(() => createRuntime(settings), { yes: values.yes });
    const job = createJob(store, caseRecord, settings, { status: 'running', workerId: ownerId('cli') });
    const progress = new Progress({ quiet: values.json && !process.stderr.isTTY });
    const finished = await runToEnd({ store, settings, json: values.json, progress }, job.id, []);
    const iteration = store.iterations.get(job.id, 0);
    if (!iteration) {
      if (values.json) console.log(JSON.stringify({ status: 'cancelled', jobId: job.id }));
      else console.log(`${finished.status}: nothing was executed (job ${job.id})`);
      return finished.status === 'cancelled' ? 130 : 1;
    }
    if (values.json) {
      const { report, verdict } = iteration;
      console.log(
        JSON.stringify({
          status: report.status,
          wallTimeMs: report.wallTimeMs,
          errors: report.errors.map((e) => ({
            cellIndex: e.cellIndex,
            ename: e.ename,
            evalue: e.evalue,
            preExisting: e.preExisting,
            ...(e.authorNeverRan ? { authorNeverRan: true } : {}),
            line: e.line,
          })),
          score: report.score,
          scores: report.scores,
          scoreNote: report.scoreNote,
          target: verdict.target,
          verdict: {
            reproducible: verdict.reproducible,
            errorFree: verdict.errorFree,
            reason: verdict.reason,
            method: verdict.method,
            pValue: verdict.pValue,
          },
          message: report.message,
          fidelity: fidelityJson(iteration.fidelity),
          autoTarget: auto,
          caseId: caseRecord.id,
          jobId: job.id,
        }),
      );
    } else {
      console.log(formatExecution(iteration, finished));
      if (auto) console.log(auto.note);
      if (iteration.fidelity) console.log(`${bold('fidelity')}  ${summarizeFidelity(iteration.fidelity)}`);
    }
    return 0;
  } finally {
    store.close();
  }
}

/** `--target auto` or nothing; the case is imported with the target it chose (core/jobs/auto-target.ts). */
export async function importForJob(
  store: Store,
  target: string,
  values: { data?: string | undefined; target?: string | undefined },
) {
  const overrides = values.data ? { dataDir: values.data } : {};
  if (values.target === undefined) return { caseRecord: await importCase(store, target, overrides), auto: null };
  if (values.target !== 'auto')
    throw new UsageError(
      `--target accepts only 'auto' (the best score its saved outputs show), got '${values.target}'`,
    );
  const { record, auto } = await importCaseWithAutoTarget(store, target, overrides);
  return { caseRecord: record, auto };
}

/** The fidelity as --json prints it. */
export type FidelityJson = Pick<Fidelity, 'score' | 'comparable' | 'reproduced' | 'cells'>;

export function fidelityJson(f: Fidelity | null): FidelityJson | null {
  return f ? { score: f.score, comparable: f.comparable, reproduced: f.reproduced, cells: f.cells } : null;
}

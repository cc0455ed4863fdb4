// `nbrevive serve` (the workbench UI and HTTP API) and `nbrevive worker` (a process running queued jobs).
import { choosePython } from '../../core/job-setup';
import { parseServeArgs, SERVE_HELP, serveCommand as serve } from '../../host/serve';
import { parseWorkerArgs, workerCommand as worker } from '../../worker/worker-main';
import { isNbreviveError } from '../../../shared/lib/errors';
import { withPythonOffer } from '../python-offer';
import { UsageError } from '../options';

/** An argument mistake (unknown option, missing value) is a usage error: one line, exit 2, like every command. */
function usage<T>(parseArgv: () => T): T {
  try {
    return parseArgv();
  } catch (e) {
    // the parsers only read argv: whatever they throw is about the arguments
    throw new UsageError((e as Error).message);
  }
}

export async function serveCommand(args: string[]): Promise<number> {
  const options = usage(() => parseServeArgs(args));
  if (options.help) {
    console.log(SERVE_HELP);
    return 0;
  }
  // The worker's jobs need a Python: offer the managed runtime up front. Serving goes on without one (the
  // runtimes screen says what is missing), since the UI is also for reviewing stored jobs.
  try {
    await withPythonOffer(() => choosePython(process.env.NBREVIVE_PYTHON ?? null), { yes: options.yes });
  } catch (e) {
    if (!isNbreviveError(e) || e.code !== 'runtime-unavailable') throw e;
    console.error(`nbrevive serve: warning: ${e.message}`);
  }
  return serve(options);
}

export async function workerCommand(args: string[]): Promise<number> {
  return worker(usage(() => parseWorkerArgs(args)));
}

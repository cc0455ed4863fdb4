// `nbrevive serve` (the workbench UI and HTTP API) and `nbrevive worker` (a process running queued jobs).
import { parseServeArgs, SERVE_HELP, serveCommand as serve } from '../../host/serve';
import { parseWorkerArgs, workerCommand as worker } from '../../worker/worker-main';
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
  return serve(options);
}

export async function workerCommand(args: string[]): Promise<number> {
  return worker(usage(() => parseWorkerArgs(args)));
}

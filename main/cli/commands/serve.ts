// `nbrevive serve` (the workbench UI and HTTP API) and `nbrevive worker` (a process running queued jobs).
import { parseServeArgs, SERVE_HELP, serveCommand as serve } from '../../host/serve';
import { parseWorkerArgs, workerCommand as worker } from '../../worker/worker-main';

export async function serveCommand(args: string[]): Promise<number> {
  const options = parseServeArgs(args);
  if (options.help) {
    console.log(SERVE_HELP);
    return 0;
  }
  return serve(options);
}

export async function workerCommand(args: string[]): Promise<number> {
  return worker(parseWorkerArgs(args));
}

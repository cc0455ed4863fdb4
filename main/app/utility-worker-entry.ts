// Entry of the desktop app's worker utilityProcess (bundled to out/main/worker.js): the same workerCommand as
// `nbrevive worker`; its port is Electron's process.parentPort (main/worker/port.ts picks it).
import { parseWorkerArgs, workerCommand } from '../worker/worker-main';
import { workerArgsFromArgv } from './utility-worker';

workerCommand(parseWorkerArgs(workerArgsFromArgv(process.argv))).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error('[nbrevive worker]', e);
    process.exit(1);
  },
);

// Process entry of the worker the host forks (node --import tsx main/worker/worker-entry.ts --db …).
import { parseWorkerArgs, workerCommand } from './worker-main';

workerCommand(parseWorkerArgs(process.argv.slice(2))).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error('[nbrevive worker]', e);
    process.exit(1);
  },
);

// Child process for the multi-process store test: says "ready", opens the database when the `open` signal file
// appears (racing the other processes to create and migrate it), says "opened", then on the `claim` signal claims
// jobs until the queue is empty and prints the ids it got as one JSON line.
import fs from 'node:fs';
import path from 'node:path';
import { openStore } from '../../../main/core/store';

const [dbPath, workerId, signalDir] = process.argv.slice(2);
if (!dbPath || !workerId || !signalDir) throw new Error('usage: claim-worker DB WORKER_ID SIGNAL_DIR');

async function waitFor(name: string): Promise<void> {
  while (!fs.existsSync(path.join(signalDir!, name))) await new Promise((r) => setTimeout(r, 2));
}

process.stdout.write('ready\n');
await waitFor('open');
const store = openStore(dbPath);
try {
  process.stdout.write(`opened ${store.schemaVersion}\n`);
  await waitFor('claim');
  const claimed: string[] = [];
  for (let job = store.jobs.claimNext(workerId); job; job = store.jobs.claimNext(workerId)) {
    if (job.workerId !== workerId || job.status !== 'running')
      throw new Error(`claimed ${job.id} but it is ${job.status} for ${job.workerId}`);
    claimed.push(job.id);
  }
  process.stdout.write(`${JSON.stringify(claimed)}\n`);
} finally {
  store.close();
}

// Child process for the claim race test: opens the shared database, says "ready", waits for the go file, then
// claims jobs until the queue is empty and prints the ids it got as one JSON line.
import fs from 'node:fs';
import { openStore } from '../../../main/core/store';

const [dbPath, workerId, goFile] = process.argv.slice(2);
if (!dbPath || !workerId || !goFile) throw new Error('usage: claim-worker DB WORKER_ID GO_FILE');
const store = openStore(dbPath);
try {
  process.stdout.write('ready\n');
  while (!fs.existsSync(goFile)) await new Promise((r) => setTimeout(r, 2));
  const claimed: string[] = [];
  for (let job = store.jobs.claimNext(workerId); job; job = store.jobs.claimNext(workerId)) {
    if (job.workerId !== workerId || job.status !== 'running') throw new Error(`claimed ${job.id} but it is ${job.status} for ${job.workerId}`);
    claimed.push(job.id);
  }
  process.stdout.write(`${JSON.stringify(claimed)}\n`);
} finally {
  store.close();
}

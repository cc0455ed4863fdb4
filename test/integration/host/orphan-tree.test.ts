// Nothing a job started outlives its worker (issue 15, item 6): a notebook's child that empties its environment
// and double-forks into a session of its own (setsid) carries no worker tag and leaves the process group, and it
// used to survive a `kill -9` of the worker, stopped. A real host, worker, runner, kernel and SQLite file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isProcessAlive } from '../../../main/core/runtime/process-tree';
import type { RunningServer } from '../../../main/host/serve';
import { createHttpApi } from '../../../renderer/src/lib/api-client';
import { startHost, stopHost } from '../../helpers/host';
import { TEST_PYTHON } from '../../helpers/python';
import { until } from '../../helpers/until';

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  ({ dir, server } = await startHost('nbrevive-orphan-', {
    workerArgs: ['--poll-ms', '200', '--heartbeat-ms', '500'],
  }));
});

afterAll(() => stopHost(dir, server));

it('a setsid double-forked child with an emptied environment dies with a SIGKILLed worker', async () => {
  const pidDir = path.join(dir, 'pids');
  fs.mkdirSync(pidDir);
  const cell = (source: string) => ({ cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source });
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      cell(
        `import subprocess, os\nsubprocess.run(['setsid', 'env', '-i', 'sh', '-c', 'sleep 300 & echo $! > ${pidDir}/' + str(os.getpid())], check=True)`,
      ),
      cell('import time\ntime.sleep(300)'),
    ],
  };
  const nbPath = path.join(dir, 'escape.ipynb');
  fs.writeFileSync(nbPath, JSON.stringify(notebook));
  const api = createHttpApi(server.baseUrl, server.token);
  const { cases } = await api.casesImport({ path: nbPath });
  const { jobs } = await api.jobsEnqueue({
    caseIds: [cases[0]!.id],
    settings: { python: TEST_PYTHON, maxIterations: 1 },
  });
  const pidFile = await until('the escaped child to start', 90_000, () => fs.readdirSync(pidDir)[0]);
  const escaped = Number(fs.readFileSync(path.join(pidDir, pidFile), 'utf8').trim());
  expect(isProcessAlive(escaped)).toBe(true);
  // it really escaped: no tag in its environment, a session of its own
  expect(fs.readFileSync(`/proc/${escaped}/environ`, 'utf8')).not.toContain('NBREVIVE_WORKER_TAG');
  const worker = server.host.supervisor!.pid!;
  process.kill(worker, 'SIGKILL');
  await until(`the escaped child ${escaped} to be gone`, 45_000, () => !isProcessAlive(escaped));
  await api.jobsCancel({ jobId: jobs[0]!.id });
}, 150_000);

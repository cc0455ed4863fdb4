// The host's HTTP server in the test's own process, on a fresh database in a temporary folder and without a worker:
// for tests of the API layer (routing, limits, uploads, settings) that run no job.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../main/host/serve';

export async function startBareHost(prefix: string): Promise<{ dir: string; server: RunningServer }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    const server = await startServer({
      db: path.join(dir, 'nbrevive.db'),
      staticDir: null,
      worker: false,
      concurrency: 1,
      log: () => {},
    });
    return { dir, server };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

// The host's HTTP server in the test's own process, on a fresh database in a temporary folder: startBareHost for
// tests of the API layer (routing, limits, uploads, settings) that run no job, startHost with a worker (or other
// options) for those that do; stopHost closes it and removes the folder (a test file's afterAll).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer, type ServeOptions } from '../../main/host/serve';

/**
 * A host on `<dir>/nbrevive.db` in a new temporary folder: no static files, one job at a time and no log unless
 * `options` (or what it returns for the folder, where it writes files of its own first) says otherwise.
 */
export async function startHost(
  prefix: string,
  options: ServeOptions | ((dir: string) => ServeOptions) = {},
): Promise<{ dir: string; server: RunningServer }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    const server = await startServer({
      db: path.join(dir, 'nbrevive.db'),
      staticDir: null,
      concurrency: 1,
      log: () => {},
      ...(typeof options === 'function' ? options(dir) : options),
    });
    return { dir, server };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export function startBareHost(prefix: string): Promise<{ dir: string; server: RunningServer }> {
  return startHost(prefix, { worker: false });
}

export async function stopHost(dir: string | undefined, server: RunningServer | undefined): Promise<void> {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

// A host in its own process for the restart test: `node --import tsx serve-process.ts DB` prints its base URL and
// token as one JSON line, then serves until killed.
import { startServer } from '../../../main/host/serve';

const server = await startServer({
  db: process.argv[2] as string,
  staticDir: null,
  concurrency: 1,
  workerArgs: ['--poll-ms', '200', '--heartbeat-ms', '500'],
  log: (line) => console.error(line),
});
console.log(
  JSON.stringify({ baseUrl: server.baseUrl, token: server.token, workerPid: server.host.supervisor?.pid ?? null }),
);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));

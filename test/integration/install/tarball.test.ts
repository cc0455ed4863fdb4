// Installs nbrevive the way a user does — `npm pack`'s tarball into an empty folder, with Electron's binary download
// failing — and uses it from there: `nbrevive modernize` on the example, `nbrevive serve` serving the built UI
// and its worker running a queued job to the end, and the command from another working directory. Nothing of the
// checkout is on the way: no TypeScript sources, no tsx, no Electron in the installed tree.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/corpus';
import { TEST_PYTHON } from '../../helpers/python';

let work: string;
let app: string;
let bin: string;

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    NBREVIVE_PYTHON: TEST_PYTHON,
    NBREVIVE_DATA_DIR: path.join(work, 'data'),
    FORCE_COLOR: '0',
    ...extra,
  };
  // a user's install: tsx and the checkout's node_modules must not be reachable
  delete e.NODE_OPTIONS;
  delete e.NBREVIVE_RESOURCES;
  return e;
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-tarball-'));
  app = path.join(work, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'nbrevive-user', private: true }));
  // `npm test` has built out/ (the bundles and the UI) before the tests; pack exactly that, as `npm pack` would
  // after `prepare`
  if (
    !fs.existsSync(path.join(REPO_ROOT, 'out/cli/nbrevive.js')) ||
    !fs.existsSync(path.join(REPO_ROOT, 'out/renderer/index.html'))
  ) {
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const tarball = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1) as string;
  // Electron's download fails (a closed port as its mirror, like an air-gapped machine); the install must not
  const extra: NodeJS.ProcessEnv = {
    ELECTRON_MIRROR: 'http://127.0.0.1:9/',
    npm_config_prefer_offline: 'true',
    JOBS: 'max',
  };
  const installEnv = env(extra);
  delete installEnv.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const installed = await new Promise<{ code: number | null; log: string }>((resolve) => {
    const child = spawn('npm', ['install', path.join(work, tarball), '--no-audit', '--no-fund'], {
      cwd: app,
      env: installEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('close', (code) => resolve({ code, log }));
  });
  if (installed.code !== 0)
    throw new Error(`npm install of the tarball failed (${installed.code}):\n${installed.log.slice(-4000)}`);
  bin = path.join(app, 'node_modules', '.bin', 'nbrevive');
  fs.cpSync(path.join(REPO_ROOT, 'resources/examples/breast-cancer-2017'), path.join(app, 'example'), {
    recursive: true,
  });
}, 900_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("npm pack's tarball installed into an empty folder", () => {
  it('holds the built product and nothing that needs a build or Electron', () => {
    const pkg = path.join(app, 'node_modules', 'nbrevive');
    expect(fs.existsSync(path.join(pkg, 'out/cli/nbrevive.js'))).toBe(true);
    expect(fs.existsSync(path.join(pkg, 'out/cli/worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(pkg, 'out/renderer/index.html'))).toBe(true);
    expect(fs.existsSync(path.join(pkg, 'main'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
    // the optional Electron failed to download and was left out, and the install still succeeded
    expect(fs.existsSync(path.join(app, 'node_modules', 'electron', 'dist'))).toBe(false);
  });

  it('modernizes the example from that folder, and answers from any other folder', async () => {
    const db = path.join(work, 'cli.db');
    const r = await run('npx', ['nbrevive', 'modernize', 'example', '--json', '--db', db], app, 300_000);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as { outcome: string; iterations: number };
    expect(result.outcome).toBe('reproducible');
    expect(result.iterations).toBeGreaterThanOrEqual(2);

    const elsewhere = fs.mkdtempSync(path.join(work, 'cwd-'));
    const listed = await run(bin, ['rules', '--json'], elsewhere, 60_000);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBeGreaterThan(10);
  }, 360_000);

  it('serves the built UI and its worker runs a queued job to the end', async () => {
    const db = path.join(work, 'serve.db');
    const child: ChildProcess = spawn('npx', ['nbrevive', 'serve', '--port', '0', '--db', db], {
      cwd: app,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    try {
      const started = Date.now();
      let url: URL | null = null;
      while (!url && Date.now() - started < 60_000) {
        const m = /open: (\S+)/.exec(out);
        if (m) url = new URL(m[1] as string);
        else await sleep(200);
      }
      if (!url) throw new Error(`serve printed no URL:\n${out}\n${err}`);
      const token = url.searchParams.get('token') as string;
      const page = await fetch(new URL('/', url));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');

      const call = async <T>(channel: string, body: unknown): Promise<T> => {
        const res = await fetch(new URL(`/api/${channel}`, url), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as T;
        if (!res.ok) throw new Error(`${channel}: ${res.status} ${JSON.stringify(json)}`);
        return json;
      };
      const imported = await call<{ cases: Array<{ id: string }> }>('app:cases.import', {
        path: path.join(app, 'example'),
      });
      expect(imported.cases).toHaveLength(1);
      const { jobs } = await call<{ jobs: Array<{ id: string }> }>('app:jobs.enqueue', {
        caseIds: [imported.cases[0]!.id],
        settings: { maxIterations: 4 },
      });
      let job: { status: string; outcome: string | null } = { status: 'queued', outcome: null };
      const deadline = Date.now() + 240_000;
      while (!['done', 'failed', 'cancelled'].includes(job.status) && Date.now() < deadline) {
        await sleep(500);
        job = (await call<{ job: { status: string; outcome: string | null } }>('app:jobs.get', { jobId: jobs[0]!.id }))
          .job;
      }
      expect(job.status, err).toBe('done');
      expect(job.outcome).toBe('reproducible');
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
  }, 360_000);
});

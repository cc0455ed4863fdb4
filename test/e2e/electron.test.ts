// The desktop app end to end with Playwright's _electron.launch: the real Electron binary, the built bundles, the
// app:// renderer, window.nbrevive over IPC, the worker utilityProcess, and quitting/restarting with a running job.
// Where the Electron binary is absent (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1, as on the CI machines) or
// better-sqlite3 is not built for Electron's ABI, the suite is skipped and its title says why.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron, ElectronApplication, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../tools/build-app';
import { API } from '../../shared/contracts/api';
import { TEST_PYTHON } from '../helpers/python';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The Electron executable, or why the suite cannot run here. */
function findElectron(): { binary: string; reason: null } | { binary: null; reason: string } {
  let binary: string;
  try {
    binary = createRequire(import.meta.url)('electron') as string;
  } catch (e) {
    return {
      binary: null,
      reason: `the Electron binary is not installed (${(e as Error).message.split('\n')[0]}; npm installed electron with ELECTRON_SKIP_BINARY_DOWNLOAD=1)`,
    };
  }
  if (!fs.existsSync(binary))
    return { binary: null, reason: `the Electron binary is not installed (${binary} is missing)` };
  // the app's database driver must be built for Electron's ABI (npm run rebuild:electron), else the app cannot start
  try {
    execFileSync(binary, ['-e', "require('better-sqlite3')(':memory:').close()"], {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: 'pipe',
      timeout: 60_000,
    });
  } catch (e) {
    const stderr = String((e as { stderr?: Buffer }).stderr ?? '');
    return {
      binary: null,
      reason: `better-sqlite3 does not load in Electron (run npm run rebuild:electron first): ${stderr.split('\n').find((l) => l.trim()) ?? (e as Error).message}`,
    };
  }
  return { binary, reason: null };
}

const electron = findElectron();
if (electron.reason) console.warn(`[e2e electron] skipped: ${electron.reason}`);

describe.skipIf(electron.binary === null)(
  `the desktop app${electron.reason ? ` (skipped: ${electron.reason})` : ''}`,
  () => {
    let work: string;
    let app: ElectronApplication | null = null;

    /** one app at a time: a second instance on the same profile would hand over to the first and quit */
    const launch = async (): Promise<{ app: ElectronApplication; page: Page }> => {
      await app?.close();
      app = null;
      const args = ['.'];
      // Chromium refuses to start its sandbox as root (CI containers); the renderer stays JS-sandboxed
      if (process.getuid?.() === 0) args.unshift('--no-sandbox');
      const launched = await _electron.launch({
        executablePath: electron.binary as string,
        args,
        cwd: ROOT,
        env: {
          ...process.env,
          NBREVIVE_USER_DATA: path.join(work, 'user-data'),
          NBREVIVE_DB: path.join(work, 'nbrevive.db'),
        } as Record<string, string>,
        timeout: 60_000,
      });
      app = launched;
      const page = await launched.firstWindow();
      await page.waitForFunction(() => 'nbrevive' in window);
      return { app: launched, page };
    };

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-electron-'));
      if (!fs.existsSync(path.join(ROOT, 'out/renderer/index.html')))
        execFileSync('npm', ['run', 'build:renderer'], { cwd: ROOT, stdio: 'inherit' });
      await buildApp();
    }, 300_000);

    afterAll(async () => {
      await app?.close().catch(() => {});
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('loads the renderer from app://nbrevive with an isolated, sandboxed, Node-free page', async () => {
      const { app: a, page } = await launch();
      expect(page.url()).toBe('app://nbrevive/index.html');
      const page_ = await page.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        keys: Object.keys((window as unknown as { nbrevive: object }).nbrevive).sort(),
        desktop: typeof (window as unknown as { nbreviveDesktop?: object }).nbreviveDesktop,
      }));
      expect(page_.require).toBe('undefined');
      expect(page_.process).toBe('undefined');
      expect(page_.desktop).toBe('object');
      expect(page_.keys).toHaveLength(Object.keys(API).length);
      // the options themselves are asserted in test/unit/main/app/window-policy.test.ts (Electron has no getter)
      const csp = await page.evaluate(() => fetch('/index.html').then((r) => r.headers.get('content-security-policy')));
      expect(csp).toContain("script-src 'self'");
      expect(await page.evaluate(() => fetch('/..%2f..%2fpackage.json').then((r) => r.status))).toBe(403);
      expect(a.windows()).toHaveLength(1);
    });

    it('answers window.nbrevive over IPC, with errors as {code, message}, and runs a worker', async () => {
      const { page } = await launch();
      const settings = await page.evaluate(() =>
        (
          window as unknown as { nbrevive: { settingsGet(i: object): Promise<{ llm: { hasKey: boolean } }> } }
        ).nbrevive.settingsGet({}),
      );
      expect(settings.llm.hasKey).toBe(false);
      const error = await page.evaluate(() =>
        (window as unknown as { nbrevive: { jobsGet(i: object): Promise<unknown> } }).nbrevive
          .jobsGet({ jobId: 'nope' })
          .then(
            () => null,
            (e: Error) => e.message,
          ),
      );
      expect(error).toMatch(/nope/);
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              (window as unknown as { nbrevive: { queueStatus(i: object): Promise<{ workers: number }> } }).nbrevive
                .queueStatus({})
                .then((s) => s.workers),
            ),
          { timeout: 60_000 },
        )
        .toBe(1);
    });

    it('blocks navigation away and new windows', async () => {
      const { app: a, page } = await launch();
      await page.evaluate(() => {
        window.open('https://example.org/', '_blank');
        location.href = 'file:///etc/passwd';
      });
      await page.waitForTimeout(1000);
      expect(page.url()).toBe('app://nbrevive/index.html');
      expect(a.windows()).toHaveLength(1);
    });

    it('pauses a running job on quit and resumes it at the next start', async () => {
      const nb = path.join(work, 'slow.ipynb');
      const cell = (source: string) => ({
        cell_type: 'code',
        source,
        metadata: {},
        outputs: [],
        execution_count: null,
      });
      fs.writeFileSync(
        nb,
        JSON.stringify({
          nbformat: 4,
          nbformat_minor: 5,
          metadata: {},
          cells: [cell('import time'), cell('time.sleep(120)')],
        }),
      );
      type Api = {
        casesImport(i: object): Promise<{ cases: { id: string }[] }>;
        jobsEnqueue(i: object): Promise<{ jobs: { id: string }[] }>;
        jobsGet(i: object): Promise<{ job: { status: string } }>;
      };
      let { app: a, page } = await launch();
      const jobId = await page.evaluate(
        async ({ nb, python }) => {
          const api = (window as unknown as { nbrevive: Api }).nbrevive;
          const { cases } = await api.casesImport({ path: nb });
          const { jobs } = await api.jobsEnqueue({
            caseIds: [cases[0]?.id],
            settings: { runtime: 'local', python, maxIterations: 1 },
          });
          return jobs[0]?.id as string;
        },
        { nb, python: TEST_PYTHON },
      );
      const status = (p: Page) =>
        p.evaluate(
          (id) => (window as unknown as { nbrevive: Api }).nbrevive.jobsGet({ jobId: id }).then((d) => d.job.status),
          jobId,
        );
      await expect.poll(() => status(page), { timeout: 60_000 }).toBe('running');
      await a.close();
      app = null;
      ({ app: a, page } = await launch());
      // requeued by the quit, claimed again by the new worker
      expect(['queued', 'running']).toContain(await status(page));
      await expect.poll(() => status(page), { timeout: 60_000 }).toBe('running');
      await a.close();
      app = null;
    });
  },
);

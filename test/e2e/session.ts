// The setup the browser tests share: a temporary folder, the real `nbrevive serve` on a database in it (with the
// test Python as the default), its HTTP API, and one Chromium page whose uncaught errors are collected.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { createHttpApi } from '../../renderer/src/lib/api-client';
import type { NbreviveApi } from '../../shared/contracts/api';
import type { JobSettings } from '../../shared/models/loop';
import { TEST_PYTHON } from '../helpers/python';
import { CHROMIUM_SKIP_REASON, ensureRendererBuilt, launchChromium, ServeProcess, startServe } from './browser';

/**
 * A browser test's suite: `suite` (describe, or a wrapper such as describeCorpus) where Chromium is installed,
 * else skipped with the reason.
 */
export function describeChromium(
  name: string,
  body: () => void,
  suite: (name: string, body: () => void) => void = describe,
): void {
  if (CHROMIUM_SKIP_REASON) {
    console.warn(`[nbrevive tests] ${name}: ${CHROMIUM_SKIP_REASON}`);
    describe.skip(`${name} (${CHROMIUM_SKIP_REASON})`, () => {
      it('needs Chromium', () => {});
    });
  } else suite(name, body);
}

export interface E2eSession {
  dir: string;
  serve: ServeProcess;
  api: NbreviveApi;
  browser: Browser;
  page: Page;
}

export interface E2eOptions {
  /** the temporary folder's name prefix */
  prefix: string;
  /** writes what the host starts with (a seeded database, notebooks) before it starts */
  prepare(dir: string, db: string): Promise<unknown> | void;
  /** job defaults besides the test Python */
  defaults: Partial<JobSettings>;
  context?: BrowserContextOptions;
  /** receives the page's uncaught errors (a test asserts there are none) */
  pageErrors: string[];
}

export async function startE2eSession(options: E2eOptions): Promise<E2eSession> {
  ensureRendererBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
  const started: Partial<E2eSession> = { dir };
  try {
    const db = path.join(dir, 'nbrevive.db');
    await options.prepare(dir, db);
    const serve = (started.serve = await startServe(db, { NBREVIVE_PYTHON: TEST_PYTHON }));
    const api = createHttpApi(serve.baseUrl, serve.token);
    await api.settingsSet({ defaults: { python: TEST_PYTHON, ...options.defaults } });
    const browser = (started.browser = await launchChromium());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options.context });
    const page = await context.newPage();
    page.on('pageerror', (e) => options.pageErrors.push(e.message));
    return { dir, serve, api, browser, page };
  } catch (e) {
    // what started before the failure is stopped here: afterAll never sees a session
    await stopE2eSession(started);
    throw e;
  }
}

export async function stopE2eSession(session: Partial<E2eSession> | undefined): Promise<void> {
  await session?.browser?.close();
  await session?.serve?.stop();
  if (session?.dir) fs.rmSync(session.dir, { recursive: true, force: true });
}

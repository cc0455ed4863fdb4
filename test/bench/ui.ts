// UI benchmark (`npm run bench:ui`): time to first render of the corpus table with 10k jobs, and frame times while
// scrolling it, measured in Chromium against a real `serve` host; an empty table in the same run is the baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startServer } from '../../main/host/serve';
import { CHROMIUM_SKIP_REASON, ensureRendererBuilt, launchChromium } from '../e2e/browser';
import { seedStore } from '../e2e/seed';

const JOBS = Number(process.env.NBREVIVE_BENCH_JOBS ?? 10_000);
const REPEATS = 3;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

/** ms from navigation start until the table shows rows (or its empty message), measured in the page. */
async function firstRender(page: Page, url: string, selector: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (sel) => (document.querySelector(sel) ? performance.now() : null),
    selector,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Frame-to-frame times while scrolling the table by `step` px per frame (or idling when it cannot scroll). */
async function frameTimes(page: Page, frames: number, step: number): Promise<number[]> {
  // a string, not a function: tsx's name helpers do not exist in the page
  const script = `new Promise((resolve) => {
    const el = document.querySelector('.vscroll');
    const out = [];
    let last = performance.now();
    let n = 0;
    const tick = (now) => {
      out.push(now - last);
      last = now;
      if (el) el.scrollTop += ${step};
      if (++n < ${frames}) requestAnimationFrame(tick);
      else resolve(out.slice(1));
    };
    requestAnimationFrame(tick);
  })`;
  return (await page.evaluate(script)) as number[];
}

async function main(): Promise<number> {
  if (CHROMIUM_SKIP_REASON) {
    console.log(`bench:ui ${CHROMIUM_SKIP_REASON}`);
    return 0;
  }
  ensureRendererBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-ui-'));
  const browser = await launchChromium();
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const t = Date.now();
    await seedStore(path.join(dir, 'full.db'), dir, JOBS, { caseCount: 50, iterationsEvery: 500 });
    console.log(`seeded ${JOBS} jobs in ${Date.now() - t} ms`);
    const empty = await startServer({ db: path.join(dir, 'empty.db'), worker: false, log: () => {} });
    servers.push(empty);
    const full = await startServer({ db: path.join(dir, 'full.db'), worker: false, log: () => {} });
    servers.push(full);
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();

    const base: number[] = [];
    const loaded: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      base.push(await firstRender(page, `${empty.url}#/queue`, '.table .empty'));
      loaded.push(await firstRender(page, `${full.url}#/queue`, '[data-job-id]'));
    }
    const rows = await page.locator('[data-testid=row-count]').innerText();
    const rendered = await page.locator('.vscroll').getAttribute('data-rendered-rows');
    const scroll = await frameTimes(page, 240, 480);
    await page.goto(`${empty.url}#/queue`);
    await page.waitForSelector('.table .empty');
    const idle = await frameTimes(page, 240, 0);

    const f = (n: number) => n.toFixed(1);
    console.log(`table: ${rows}, ${rendered} rows in the DOM`);
    console.log(
      `first render (ms from navigation, median of ${REPEATS}): empty ${f(median(base))}, ${JOBS} jobs ${f(median(loaded))}, ratio ${(median(loaded) / median(base)).toFixed(2)}`,
    );
    console.log(`  runs: empty [${base.map(f).join(', ')}], ${JOBS} jobs [${loaded.map(f).join(', ')}]`);
    console.log(
      `scroll frame times (ms, 240 frames × 480 px): median ${f(median(scroll))}, p95 ${f(pct(scroll, 0.95))}, max ${f(Math.max(...scroll))}`,
    );
    console.log(
      `idle frame times on the empty table (baseline): median ${f(median(idle))}, p95 ${f(pct(idle, 0.95))}; p95 ratio ${(pct(scroll, 0.95) / pct(idle, 0.95)).toFixed(2)}`,
    );
    return 0;
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

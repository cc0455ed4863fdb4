// The workbench in a real browser: Chromium (playwright-core) against the real `nbrevive serve` with a seeded
// database and one real job — a corpus case imported through the UI and run by the worker with the real loop.
// Writes screenshots of every screen in both themes to docs/screenshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NbreviveApi } from '../../shared/contracts/api';
import { corpusCase, describeCorpus, REPO_ROOT } from '../helpers/corpus';
import type { ServeProcess } from './browser';
import { describeChromium, E2eSession, startE2eSession, stopE2eSession } from './session';
import { seedStore } from './seed';
import { until as untilEvery } from '../helpers/until';

const CASE = 'srk-titanic-exploration';
const SEEDED = 240;
const SHOTS = path.join(REPO_ROOT, 'docs/screenshots');

/** this file polls every 300 ms (a browser page) */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>) =>
  untilEvery(what, timeoutMs, probe, 300);

const visibleText = (page: Page, selector: string) => page.locator(selector).first().innerText();

describeChromium(
  'workbench in Chromium against nbrevive serve',
  () => {
    let session: E2eSession;
    let serve: ServeProcess;
    let api: NbreviveApi;
    let page: Page;
    let jobId: string;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      session = await startE2eSession({
        prefix: 'nbrevive-e2e-',
        prepare: (dir, db) => seedStore(db, dir, SEEDED),
        // fast runs: two iterations are enough for the case to be fixed
        defaults: { maxIterations: 2 },
        context: { acceptDownloads: true },
        pageErrors,
      });
      ({ serve, api, page } = session);
      fs.mkdirSync(SHOTS, { recursive: true });
    });

    afterAll(() => stopE2eSession(session));

    it('shows the seeded jobs in a virtualized, sortable, filterable table', async () => {
      await page.goto(serve.url);
      await expect
        .poll(() => visibleText(page, '[data-testid=row-count]'), { timeout: 30_000 })
        .toBe(`${SEEDED} of ${SEEDED} jobs`);
      // only a screenful of rows is in the DOM
      const rendered = Number(await page.locator('.vscroll').getAttribute('data-rendered-rows'));
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(60);
      expect(await page.locator('[data-job-id]').count()).toBe(rendered);
      // search narrows the rows
      await page.getByLabel('search jobs').fill('house-prices');
      const expected = (await api.jobsList({ limit: 1000 })).items.filter(
        (j) => j.competition === 'house-prices',
      ).length;
      await expect.poll(() => visibleText(page, '[data-testid=row-count]')).toBe(`${expected} of ${SEEDED} jobs`);
      const comps = await page.locator('.c-comp[role=gridcell]').allInnerTexts();
      expect(comps.every((c) => c === 'house-prices')).toBe(true);
      await page.getByLabel('search jobs').fill('');
      // sort by cost, descending: the LLM-fixed seeded jobs come first
      await page.getByRole('button', { name: /^Cost/ }).click();
      const firstCost = await page.locator('[data-job-id] .c-num').nth(2).innerText();
      expect(firstCost).not.toBe('$0');
      await page.getByLabel('filter by review').selectOption('unreviewed');
      const reviewed = (await api.jobsList({ limit: 1000 })).items.filter((j) => j.reviewVerdict).length;
      await expect
        .poll(() => visibleText(page, '[data-testid=row-count]'))
        .toBe(`${SEEDED - reviewed} of ${SEEDED} jobs`);
      await page.getByLabel('filter by review').selectOption('any');
      // the fixes column shows the host's count of fixes (and the failed ones)
      await page.getByRole('button', { name: /^Fixes/ }).click();
      const most = (await api.jobsList({ limit: 1000 })).items.reduce((m, j) => Math.max(m, j.fixes ?? 0), 0);
      expect(most).toBeGreaterThan(0);
      expect((await page.locator('[data-job-id] .c-num').nth(1).innerText()).split(' ')[0]).toBe(String(most));
    });

    it('imports a corpus case through the UI, runs it and streams its log live', async () => {
      await page.getByLabel('path on the host to import').fill(corpusCase(CASE));
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('button', { name: 'Enqueue 1 imported' }).click();
      const job = await until('the job to be queued', 20_000, async () =>
        (await api.jobsList({ limit: 5 })).items.find((j) => j.caseId === CASE),
      );
      jobId = job.id;
      await page.locator(`[data-job-id="${jobId}"] a`).first().click();
      await page.waitForURL(new RegExp(`#/job/${jobId}$`));
      await page.getByRole('tab', { name: 'Live log' }).click();
      // lines arrive while the job runs
      const first = await until('log lines in the console', 120_000, async () => {
        const n = Number((await visibleText(page, '[data-testid=log-count]')).split(' ')[0]);
        return n > 0 ? n : null;
      });
      expect((await api.jobsGet({ jobId })).job.status).toBe('running');
      const later = await until('more log lines', 120_000, async () => {
        const n = Number((await visibleText(page, '[data-testid=log-count]')).split(' ')[0]);
        return n > first ? n : null;
      });
      expect(later).toBeGreaterThan(first);
      const stored = (await api.logsTail({ jobId, limit: 50 })).lines;
      const shown = await page.locator('.log-line').allInnerTexts();
      expect(shown.join('\n')).toContain(stored[0]?.text.trim().slice(0, 40));
      await page.screenshot({ path: path.join(SHOTS, 'job-live-log-light.png') });
    }, 300_000);

    it('shows the fixing iteration as a Monaco diff with the plan beside it', async () => {
      const done = await until('the job to finish', 300_000, async () => {
        const { job } = await api.jobsGet({ jobId });
        return ['done', 'failed', 'cancelled'].includes(job.status) ? job : null;
      });
      expect(done.status).toBe('done');
      const iterations = (await api.iterationsList({ jobId })).items;
      const fixing = iterations.find((i) => i.index > 0) ?? null;
      expect(fixing).not.toBeNull();
      // the line the fix changed, from the API
      const diff = await api.iterationsDiff({ jobId, index: fixing!.index, against: 'previous' });
      const beforeLines = new Set(diff.before.cells.flatMap((c) => c.source.split('\n')));
      const changed = diff.after.cells
        .flatMap((c) => c.source.split('\n'))
        .find((l) => l.trim().length > 3 && !beforeLines.has(l));
      expect(changed).toBeTruthy();

      await expect
        .poll(() => page.locator('.tl-item').count(), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(iterations.length);
      await page.getByRole('button', { name: `iteration ${fixing!.index}`, exact: true }).click();
      await page.getByRole('tab', { name: 'Diff' }).click();
      await expect
        .poll(() => visibleText(page, '[data-testid=diff-changes]'), { timeout: 30_000 })
        .toMatch(/^[1-9]\d* changed region/);
      const modified = page.locator('.monaco-diff-editor .editor.modified .view-lines:not(.line-delete)');
      const norm = (s: string) => s.replace(/\u00a0/g, ' ');
      await expect.poll(async () => norm(await modified.innerText()), { timeout: 20_000 }).toContain(changed!.trim());
      // the changed line is marked as inserted on the modified side
      expect(
        await page
          .locator(
            '.monaco-diff-editor .editor.modified .line-insert, .monaco-diff-editor .editor.modified .char-insert',
          )
          .count(),
      ).toBeGreaterThan(0);
      const fix = (await api.iterationsGetFix({ jobId, index: fixing!.index - 1 })).fix;
      expect(await visibleText(page, '.plan-text')).toBe(fix?.plan);
      // timeline chip names the rule ids (or model) of the fix
      const origin = fix?.source === 'llm' ? (fix.model ?? '') : (fix?.ruleIds[0] ?? '');
      expect(await page.locator('.tl-item .chip').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringContaining(origin)]),
      );
      // the first iteration's report lists its failing cell with the traceback rendered
      await page.getByRole('button', { name: 'iteration 0', exact: true }).click();
      await page.getByRole('tab', { name: 'Execution report' }).click();
      const report = (await api.iterationsGetReport({ jobId, index: 0 })).report;
      if (report.errors.length) {
        await expect.poll(() => visibleText(page, '.cell-error h4')).toContain(report.errors[0]!.ename);
        expect(await page.locator('.traceback').first().innerText()).not.toContain('\x1b[');
      }
    }, 400_000);

    it('records a review verdict and a note from the keyboard', async () => {
      await page.goto(`${serve.url}#/review/${jobId}`);
      await expect.poll(() => visibleText(page, '.review-card h2')).toContain('Titanic');
      await page.locator('body').press('n');
      await expect
        .poll(async () => (await api.reviewsGet({ jobId })).review?.verdict, { timeout: 10_000 })
        .toBe('not-equivalent');
      await page.locator('body').press('e');
      await expect
        .poll(async () => (await api.reviewsGet({ jobId })).review?.verdict, { timeout: 10_000 })
        .toBe('equivalent');
      await page.locator('body').press('a');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('review note');
      await page.keyboard.type('same model, same features; np.float → float');
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(async () => (await api.reviewsGet({ jobId })).review?.note, { timeout: 10_000 })
        .toBe('same model, same features; np.float → float');
      expect((await api.reviewsGet({ jobId })).review?.verdict).toBe('equivalent');
      await expect.poll(() => visibleText(page, '[data-testid=current-verdict]')).toContain('equivalent');
      // j moves to another job, k back
      await page.locator('body').press('Escape');
      await page.locator('body').press('j');
      await expect.poll(() => page.url()).not.toContain(jobId);
      await page.locator('body').press('k');
      await expect.poll(() => page.url()).toContain(jobId);
    });

    it('downloads the fixed notebook, and it parses as a notebook', async () => {
      await page.goto(`${serve.url}#/job/${jobId}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'download the fixed notebook' }).click(),
      ]);
      const file = await download.path();
      const nb = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        nbformat: number;
        cells: { source: string | string[] }[];
      };
      expect(nb.nbformat).toBe(4);
      expect(nb.cells.length).toBeGreaterThan(3);
      const best = (await api.exportsNotebook({ jobId })).content;
      expect(JSON.parse(best ?? '')).toEqual(nb);
      expect(download.suggestedFilename()).toBe(`${CASE}--${jobId}.ipynb`);
    });

    it('uploads notebooks, a case folder and dropped files from the browser, and imports them', async () => {
      const local = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-e2e-upload-'));
      const notebook = (text: string) =>
        JSON.stringify({
          cells: [
            {
              cell_type: 'code',
              metadata: {},
              source: [`print(${JSON.stringify(text)})`],
              outputs: [],
              execution_count: null,
            },
          ],
          metadata: {},
          nbformat: 4,
          nbformat_minor: 5,
        });
      fs.writeFileSync(path.join(local, 'picked-kernel.ipynb'), notebook('picked'));
      const folder = path.join(local, 'folder-case');
      fs.mkdirSync(path.join(folder, 'input'), { recursive: true });
      fs.writeFileSync(path.join(folder, 'kernel.ipynb'), notebook('folder'));
      fs.writeFileSync(path.join(folder, 'input/train.csv'), 'a,b\n1,2\n');
      fs.writeFileSync(
        path.join(folder, 'nbrevive.case.json'),
        JSON.stringify({
          id: 'uploaded-folder-case',
          title: 'Uploaded folder case',
          notebook: 'kernel.ipynb',
          data: { dir: 'input' },
          score: { kind: 'none' },
        }),
      );
      try {
        await page.goto(`${serve.url}#/queue`);
        await page.locator('[data-testid=upload-files]').setInputFiles(path.join(local, 'picked-kernel.ipynb'));
        await expect
          .poll(() => visibleText(page, '[aria-label="imported cases"]'), { timeout: 20_000 })
          .toContain('picked-kernel');
        const picked = (await api.casesList({ search: 'picked-kernel' })).items[0];
        expect(picked?.root).toMatch(/\/uploads\/u-[a-z0-9]+$/);
        // a picked folder keeps its structure, so its manifest makes it a case with its data
        await page.locator('[data-testid=upload-folder]').setInputFiles(folder);
        await expect
          .poll(() => visibleText(page, '[aria-label="imported cases"]'), { timeout: 20_000 })
          .toContain('Uploaded folder case');
        const detail = await api.casesGet({ caseId: 'uploaded-folder-case' });
        expect(fs.readFileSync(path.join(detail.case.dataDir ?? '', 'train.csv'), 'utf8')).toBe('a,b\n1,2\n');
        // files dropped on the import panel are uploaded too
        await page.evaluate((text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], 'dropped-kernel.ipynb', { type: 'application/json' }));
          document
            .querySelector('section.import')
            ?.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        }, notebook('dropped'));
        await expect
          .poll(() => visibleText(page, '[aria-label="imported cases"]'), { timeout: 20_000 })
          .toContain('dropped-kernel');
        await page.getByRole('button', { name: 'Enqueue 1 imported' }).waitFor();
        // an upload without a notebook says so, and imports nothing
        fs.writeFileSync(path.join(local, 'notes.ipynb.txt'), 'not a notebook');
        await page.locator('[data-testid=upload-files]').setInputFiles(path.join(local, 'notes.ipynb.txt'));
        await expect
          .poll(() => page.locator('[role=alert], .toast').allInnerTexts(), { timeout: 20_000 })
          .toEqual(expect.arrayContaining([expect.stringContaining('the upload holds no notebook')]));
      } finally {
        fs.rmSync(local, { recursive: true, force: true });
      }
    });

    it('lists the Docker images (or why not) and edits prices and budgets in settings', async () => {
      await page.goto(`${serve.url}#/runtimes`);
      const images = await api.runtimesImages({});
      await expect
        .poll(() => visibleText(page, '[data-testid=docker-engine]'), { timeout: 30_000 })
        .toContain(images.message);
      const presets = await page.locator('[aria-label="image presets"] li').allInnerTexts();
      expect(presets).toHaveLength(images.presets.length);
      for (const preset of images.presets) {
        const shown = presets.find((t) => t.startsWith(preset.name)) ?? '';
        expect(shown).toContain(preset.present ? 'present' : preset.hint);
      }

      await page.goto(`${serve.url}#/settings`);
      await page.getByRole('button', { name: 'Add a price' }).click();
      await page.getByLabel('model of price 1').fill('my-local-model');
      await page.getByLabel('input price of my-local-model').fill('0.5');
      await page.getByLabel('output price of my-local-model').fill('1.5');
      await page.getByLabel('Budget per job (USD, empty: none)').fill('0.25');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect
        .poll(async () => (await api.settingsGet({})).llm.prices, { timeout: 10_000 })
        .toEqual({ 'my-local-model': { inputPerMTok: 0.5, outputPerMTok: 1.5 } });
      expect((await api.settingsGet({})).llm.budgetUsd).toBe(0.25);
      // removing the row and saving empties the table again
      await page.getByRole('button', { name: 'remove the price of my-local-model' }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect.poll(async () => (await api.settingsGet({})).llm.prices, { timeout: 10_000 }).toEqual({});
    });

    it('renders the dashboard charts from the stats and exports a chart as CSV', async () => {
      await page.goto(`${serve.url}#/dashboard`);
      const stats = await api.statsCorpus({});
      await expect.poll(() => page.locator('figure.chart').count(), { timeout: 20_000 }).toBe(8);
      await expect
        .poll(() => page.locator('figure.chart', { hasText: 'Output fidelity of the best version (jobs)' }).count())
        .toBe(1);
      // edit similarity: the chart's CSV holds the host's histogram
      const [similarity] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'export Edit similarity to the original (jobs) as CSV' }).click(),
      ]);
      const similarityCsv = fs.readFileSync(await similarity.path(), 'utf8');
      for (const [bucket, n] of Object.entries(stats.editSimilarity.buckets))
        expect(similarityCsv).toContain(`${bucket},${n}`);
      expect(Object.values(stats.editSimilarity.buckets).some((n) => n > 0)).toBe(true);
      const medianKpi = page.locator('.kpi', { hasText: 'median edit similarity' }).locator('b');
      expect(await medianKpi.innerText()).toBe(stats.editSimilarity.median?.toFixed(3));
      // the real job kept most of its code: the rules rewrote some lines, not the notebook
      const real = stats.rows.find((r) => r.jobId === jobId);
      console.log(`[workbench e2e] edit similarity of the real job: ${real?.similarity}`);
      expect(real?.similarity).toBeGreaterThan(0.5);
      expect(real?.similarity).toBeLessThan(1);
      expect(await page.locator('.kpi b').first().innerText()).toBe(String(stats.jobs));
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'export Fixes by source as CSV' }).click(),
      ]);
      const text = fs.readFileSync(await csv.path(), 'utf8');
      for (const [source, n] of Object.entries(stats.fixes.bySource)) expect(text).toContain(`${source},${n}`);
      const [png] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'export Outcome rates (%) as PNG' }).click(),
      ]);
      expect(
        fs
          .readFileSync(await png.path())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    });

    it('writes screenshots of every screen in both themes', async () => {
      const screens: [string, string, (p: Page) => Promise<unknown>][] = [
        ['queue', '#/queue', (p) => p.waitForSelector('[data-job-id]')],
        [
          'job-diff',
          `#/job/${jobId}`,
          async (p) => {
            await p.getByRole('tab', { name: 'Diff' }).click();
            await p.waitForSelector('.monaco-diff-editor .view-lines');
          },
        ],
        [
          'job-report',
          `#/job/${jobId}`,
          async (p) => {
            await p.getByRole('button', { name: 'iteration 0', exact: true }).click();
            await p.getByRole('tab', { name: 'Execution report' }).click();
            await p.waitForSelector('.report');
          },
        ],
        ['review', `#/review/${jobId}`, (p) => p.waitForSelector('.review-card')],
        ['dashboard', '#/dashboard', (p) => p.waitForSelector('figure.chart')],
        ['runtimes', '#/runtimes', (p) => p.waitForSelector('table.plain tbody tr')],
        ['settings', '#/settings', (p) => p.waitForSelector('[data-testid=key-state]')],
        [
          'help',
          '#/queue',
          async (p) => {
            await p.waitForSelector('[data-job-id]');
            await p.locator('body').press('?');
            await p.waitForSelector('[role=dialog]');
          },
        ],
      ];
      for (const theme of ['light', 'dark'] as const) {
        // the theme is read at start-up: set it, load once, then move between screens by hash
        await page.evaluate((t) => localStorage.setItem('nbrevive.theme', t), theme);
        await page.goto(`${serve.url}#/queue`);
        await page.reload();
        for (const [name, hash, ready] of screens) {
          await page.evaluate((h) => (location.hash = h), hash === `#/job/${jobId}` ? '#/queue' : '#/settings');
          await page.evaluate((h) => (location.hash = h), hash);
          await ready(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await page.waitForTimeout(300);
          await page.screenshot({ path: path.join(SHOTS, `${name}-${theme}.png`) });
          if (name === 'help') await page.keyboard.press('Escape');
        }
      }
      expect(fs.readdirSync(SHOTS).filter((f) => f.endsWith('-dark.png')).length).toBe(screens.length);
      expect(pageErrors).toEqual([]);
    }, 180_000);
  },
  describeCorpus,
);

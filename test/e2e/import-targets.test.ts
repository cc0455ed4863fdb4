// Targets on import and the side-by-side outputs, in a real browser: Chromium (playwright-core) against the real
// `nbrevive serve`, a corpus of two notebooks of ours imported through the UI. The import panel lists each case's
// target candidates (those target discovery finds in the saved outputs); ↓ and Enter store the second candidate of
// the first case, "Accept the rest" the best one of the second, both as the cases' score spec and target. The job of
// the first case then runs in a real kernel, where one cell prints a number other than the author's: the diff shows
// that cell's original and new outputs side by side, the changed line marked.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NbreviveApi } from '../../shared/contracts/api';
import { describeChromium, E2eSession, startE2eSession, stopE2eSession } from './session';
import { until as untilEvery } from '../helpers/until';

const stdout = (text: string) => [{ output_type: 'stream', name: 'stdout', text: [text] }];

/** A notebook whose saved outputs show three metrics; today's run prints the RMSE as 0.3512 (the author saw 0.3400). */
function writeNotebook(file: string): void {
  const cells = [
    { cell_type: 'markdown', id: 'intro', metadata: {}, source: '# metrics' },
    {
      cell_type: 'code',
      id: 'acc',
      metadata: {},
      execution_count: 1,
      source: "acc = 0.5 + 0.41\nprint('Accuracy: %.4f' % acc)",
      outputs: stdout('Accuracy: 0.9100\n'),
    },
    {
      cell_type: 'code',
      id: 'rmse',
      metadata: {},
      execution_count: 2,
      source: "rmse = 0.3512\nprint('RMSE: %.4f' % rmse)",
      outputs: stdout('RMSE: 0.3400\n'),
    },
    {
      cell_type: 'code',
      id: 'f1',
      metadata: {},
      execution_count: 3,
      source: "print('F1 score: %.3f' % 0.875)",
      outputs: stdout('F1 score: 0.875\n'),
    },
  ];
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
      cells,
    }),
  );
}

/** this file polls every 300 ms (a browser page) */
const until = <T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>) =>
  untilEvery(what, timeoutMs, probe, 300);

describeChromium('targets on import and outputs side by side, in Chromium against nbrevive serve', () => {
  let session: E2eSession;
  let corpus: string;
  let api: NbreviveApi;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    session = await startE2eSession({
      prefix: 'nbrevive-e2e-targets-',
      prepare: (dir) => {
        corpus = path.join(dir, 'corpus');
        writeNotebook(path.join(corpus, 'first', 'metrics-first.ipynb'));
        writeNotebook(path.join(corpus, 'second', 'metrics-second.ipynb'));
        // a notebook that prints no score: nothing to choose, it is only counted
        fs.mkdirSync(path.join(corpus, 'plain'));
        fs.writeFileSync(
          path.join(corpus, 'plain', 'plain.ipynb'),
          JSON.stringify({
            nbformat: 4,
            nbformat_minor: 5,
            metadata: {},
            cells: [
              {
                cell_type: 'code',
                id: 'p',
                metadata: {},
                execution_count: 1,
                source: "print('hello')",
                outputs: stdout('hello\n'),
              },
            ],
          }),
        );
      },
      defaults: { maxIterations: 1 },
      pageErrors,
    });
    ({ api, page } = session);
    await page.goto(session.serve.url);
  });

  afterAll(() => stopE2eSession(session));

  it('lists the candidates of each imported case; ↓ Enter and "accept the rest" store the choices', async () => {
    await page.getByLabel('path on the host to import').fill(corpus);
    await page.getByLabel('import as').selectOption('corpus');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const first = page.getByRole('listbox', { name: 'target of metrics-first' });
    await first.waitFor({ timeout: 20_000 });
    // the list has the focus at once: the keyboard works without a click
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('target of metrics-first');

    const cases = (await api.casesList({})).items;
    const idOf = (title: string) => cases.find((c) => c.title === title)?.id ?? '';
    const { cases: listed } = await api.casesTargets({ caseIds: [idOf('metrics-first'), idOf('metrics-second')] });
    const [a, b] = listed;
    expect(a?.candidates.length).toBeGreaterThanOrEqual(3);
    // the options are the candidates, best first, then "no target"
    const options = await first.getByRole('option').allInnerTexts();
    expect(options).toHaveLength(a!.candidates.length + 1);
    expect(options[0]).toContain(String(a!.candidates[0]!.value));
    expect(options.at(-1)).toContain('no target');
    expect(await first.getByRole('option', { selected: true }).innerText()).toBe(options[0]);

    await page.keyboard.press('ArrowDown');
    await expect.poll(() => first.getByRole('option', { selected: true }).innerText()).toBe(options[1]);
    await page.keyboard.press('Enter');
    const second = a!.candidates[1]!;
    await expect
      .poll(async () => (await api.casesGet({ caseId: a!.caseId })).case.target?.value, { timeout: 10_000 })
      .toBe(second.value);
    expect((await api.casesGet({ caseId: a!.caseId })).case.score).toEqual({
      kind: 'output',
      cellIndex: second.cellIndex,
      pattern: second.pattern,
      occurrence: second.occurrence,
    });
    // Enter moved on to the next case
    await page.getByRole('listbox', { name: 'target of metrics-second' }).waitFor();
    await page.getByRole('button', { name: 'Accept the rest (1)' }).click();
    await expect
      .poll(async () => (await api.casesGet({ caseId: b!.caseId })).case.target?.value, { timeout: 10_000 })
      .toBe(b!.candidates[0]!.value);
    // the first case kept the choice made for it
    expect((await api.casesGet({ caseId: a!.caseId })).case.target?.value).toBe(second.value);
    await expect
      .poll(() => page.locator('.target-case').allInnerTexts())
      .toEqual([expect.stringContaining('✓'), expect.stringContaining('✓')]);
  }, 120_000);

  it("shows a drifted cell's original and new outputs side by side", async () => {
    await page.getByRole('button', { name: 'Enqueue 3 imported' }).click();
    const caseId = (await api.casesList({ search: 'metrics-first' })).items[0]!.id;
    const job = await until('the job to finish', 240_000, async () => {
      const j = (await api.jobsList({ limit: 10 })).items.find((x) => x.caseId === caseId);
      return j && ['done', 'failed', 'cancelled'].includes(j.status) ? j : null;
    });
    expect(job.status).toBe('done');
    const { fidelity } = await api.iterationsGetReport({ jobId: job.id, index: 0 });
    const drifted = fidelity?.cells.find((c) => c.verdict === 'numbers-drifted');
    expect(drifted?.cellIndex).toBe(2);

    await page.goto(`${session.serve.url}#/job/${job.id}`);
    await page.getByRole('tab', { name: 'Diff' }).click();
    const compare = page.getByRole('region', { name: 'original and new outputs side by side' });
    await compare.waitFor({ timeout: 20_000 });
    expect(await compare.getByLabel('cell to compare').inputValue()).toBe('2');
    const original = compare.getByLabel('original output of cell 3');
    const fresh = compare.getByLabel('new output of cell 3');
    expect(await original.innerText()).toBe('RMSE: 0.3400');
    expect(await fresh.innerText()).toBe('RMSE: 0.3512');
    expect(await fresh.locator('.line-changed').allInnerTexts()).toEqual(['RMSE: 0.3512']);

    // the Monaco diff's outputs, against the original, are the author's saved ones
    await page.getByLabel('compare with').selectOption('original');
    await page.getByRole('checkbox', { name: 'outputs' }).check();
    const side = (which: 'original' | 'modified') =>
      page.locator(`.monaco-diff-editor .editor.${which} .view-lines:not(.line-delete)`).innerText();
    const norm = (s: string) => s.replace(/\u00a0/g, ' ');
    await expect.poll(async () => norm(await side('original')), { timeout: 20_000 }).toContain('# > RMSE: 0.3400');
    await expect.poll(async () => norm(await side('modified')), { timeout: 20_000 }).toContain('# > RMSE: 0.3512');
    expect(pageErrors).toEqual([]);
  }, 300_000);
});

// `--url-map FILE` end to end: the real CLI, the job setting it becomes, the local runtime and the kernel serving
// the URL; a bad map is a one-line reason with exit code 2.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../../main/core/store';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';

let dir: string;
beforeAll(() => {
  dir = tempDir('nbrevive-cli-url-map-');
  const source =
    "import pandas as pd\nurl = 'https://archive.example.org/2016/' + 'scores.csv'\nprint('mean', pd.read_csv(url)['score'].mean())";
  fs.writeFileSync(
    path.join(dir, 'nb.ipynb'),
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [{ id: 'a', cell_type: 'code', source, metadata: {}, outputs: [], execution_count: null }],
    }),
  );
  fs.mkdirSync(path.join(dir, 'copies'));
  fs.writeFileSync(path.join(dir, 'copies', 'scores.csv'), 'score\n0.5\n1.0\n');
  fs.writeFileSync(
    path.join(dir, 'urls.json'),
    JSON.stringify({ 'https://archive.example.org/2016/scores.csv': 'copies/scores.csv' }),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('run --url-map serves the mapped URL to the notebook; without it the run names the URL and how to map it', async () => {
  const db = path.join(dir, 'nbrevive.db');
  const mapped = await runCli(['run', path.join(dir, 'nb.ipynb'), '--url-map', path.join(dir, 'urls.json'), '--json'], {
    db,
  });
  expect(mapped.code, mapped.stderr).toBe(0);
  expect(jsonOf(mapped)).toMatchObject({ status: 'ok', errors: [] });

  const unmapped = await runCli(['run', path.join(dir, 'nb.ipynb'), '--json'], { db });
  expect(unmapped.code, unmapped.stderr).toBe(0);
  const errors = jsonOf<{ errors: Array<{ ename: string; evalue: string }> }>(unmapped).errors;
  expect(errors).toHaveLength(1);
  expect(errors[0]?.ename).toBe('URLError');
  expect(errors[0]?.evalue).toContain('nbrevive: https://archive.example.org/2016/scores.csv could not be fetched');
  expect(errors[0]?.evalue).toContain('map it with data.urls in nbrevive.case.json or --url-map FILE');
}, 120_000);

it('a --url-map file that is not a map is a one-line reason', async () => {
  fs.writeFileSync(path.join(dir, 'bad.json'), '["https://x.example/a.csv"]');
  const r = await runCli(['run', path.join(dir, 'nb.ipynb'), '--url-map', path.join(dir, 'bad.json')], {
    db: path.join(dir, 'bad.db'),
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(
    `--url-map ${path.join(dir, 'bad.json')} must hold one JSON object {"https://…": "local/copy.csv"}`,
  );
}, 60_000);

it("the URL map saved in the workbench's Settings serves the CLI's jobs too; --url-map wins per URL", async () => {
  const db = path.join(dir, 'settings.db');
  const store = openStore(db);
  try {
    // what the Settings page saves: the job defaults, with absolute local paths
    store.settings.set('job.defaults', {
      urlMap: { 'https://archive.example.org/2016/scores.csv': path.join(dir, 'copies', 'scores.csv') },
    });
  } finally {
    store.close();
  }
  const fromSettings = await runCli(['run', path.join(dir, 'nb.ipynb'), '--json'], { db });
  expect(fromSettings.code, fromSettings.stderr).toBe(0);
  expect(jsonOf(fromSettings)).toMatchObject({ status: 'ok', errors: [] });

  // a --url-map entry for the same URL replaces the stored one: here it points at a file that does not exist
  fs.writeFileSync(
    path.join(dir, 'elsewhere.json'),
    JSON.stringify({ 'https://archive.example.org/2016/scores.csv': 'nowhere.csv' }),
  );
  const overridden = await runCli(
    ['run', path.join(dir, 'nb.ipynb'), '--url-map', path.join(dir, 'elsewhere.json'), '--json'],
    { db },
  );
  expect(overridden.stdout + overridden.stderr).toContain('nowhere.csv');
}, 120_000);

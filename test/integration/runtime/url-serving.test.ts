// URLs served inside the kernel (resources/python/nbrevive_urls.py) by the local runtime, with real Python in both
// stacks: one notebook opens the mapped URLs through every opener (urllib's urlopen and urlretrieve, a URL built
// from pieces, pandas, seaborn.load_dataset, scikit-learn's fetch_openml, requests) and three unmapped ones; the
// maps come from the case's data.urls and from the user's URL map. The stored notebook keeps the author's code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedCase } from '../../../shared/models/case';
import type { Notebook } from '../../../shared/models/notebook';
import { bareCase } from '../../../main/core/case/case-loader';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import type { ExecutionResult } from '../../../main/core/runtime/runtime';
import { REPO_ROOT } from '../../helpers/corpus';
import { describeToday, TEST_PYTHON } from '../../helpers/python';
import { requestsFor, type RequestsLib } from '../../helpers/python-requests';
import { openerNotebook, UNMAPPED, writeOpenml } from '../../helpers/url-openers';

function stdout(nb: Notebook | null, cellIndex: number): string {
  return (nb?.cells[cellIndex]?.outputs ?? [])
    .filter((o) => o.output_type === 'stream' && o.name === 'stdout')
    .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
    .join('');
}

const TRAIN = 'id,y\n1,0\n2,1\n3,1\n';
const TIPS =
  'total_bill,tip,sex,smoker,day,time,size\n16.99,1.01,Female,No,Sun,Dinner,2\n10.34,1.66,Male,No,Sun,Dinner,3\n';

function body(python: string, stack: 'bookworm' | 'today'): void {
  let tmp: string;
  let requestsLib: RequestsLib;
  let result: ExecutionResult;
  let notebook: Notebook;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), `nbrevive-urls-${stack}-`));
    requestsLib = requestsFor(python, stack, tmp);
    if (!requestsLib.ok)
      console.warn(`[nbrevive tests] URL serving, requests in the ${stack} stack: ${requestsLib.reason}`);
    const caseRoot = path.join(tmp, 'case');
    fs.mkdirSync(path.join(caseRoot, 'input'), { recursive: true });
    fs.mkdirSync(path.join(caseRoot, 'downloads'), { recursive: true });
    fs.writeFileSync(path.join(caseRoot, 'input', 'train.csv'), TRAIN);
    fs.writeFileSync(path.join(caseRoot, 'downloads', 'tips.csv'), TIPS);
    const userDir = path.join(tmp, 'my-downloads');
    const userMap = writeOpenml(path.join(userDir, 'openml'));
    fs.writeFileSync(path.join(userDir, 'records.json'), JSON.stringify({ rows: [1, 2, 3] }));
    userMap['https://api.example.org/v1/records.json'] = path.join(userDir, 'records.json');
    // the case's own entry wins over the user's for the same URL
    userMap['https://data.example.org/train.csv'] = path.join(userDir, 'records.json');
    const kase: ResolvedCase = {
      ...bareCase(path.join(caseRoot, 'urls.ipynb'), path.join(caseRoot, 'input')),
      urls: {
        'https://data.example.org/train.csv': path.join(caseRoot, 'input', 'train.csv'),
        'https://raw.githubusercontent.com/mwaskom/seaborn-data/master/tips.csv': path.join(
          caseRoot,
          'downloads',
          'tips.csv',
        ),
      },
    };
    notebook = openerNotebook(requestsLib.ok ? requestsLib.sysPath : null);
    const runtime = new LocalRuntime({ python, urlMap: userMap });
    result = await runtime.execute({ notebook, case: kase, timeoutMs: 240_000, jobDir: path.join(tmp, 'job') });
  }, 300_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves mapped URLs to urllib (urlopen, urlretrieve, a URL built from pieces), pandas, seaborn and scikit-learn', () => {
    const errors = new Map(result.report.errors.map((e) => [e.cellIndex, e]));
    for (const cell of [1, 2, 3, 4, 5, 6, 7])
      expect(errors.get(cell), `cell ${cell}: ${errors.get(cell)?.evalue}`).toBeUndefined();
    const { executed } = result;
    expect(stdout(executed, 2)).toBe(`${TRAIN.trim()}\n200 text/csv; charset=utf-8\n`);
    expect(stdout(executed, 3)).toBe(`copy.csv 4 ${TRAIN.length}\n`);
    expect(fs.readFileSync(path.join(result.workingDir, 'copy.csv'), 'utf8')).toBe(TRAIN);
    expect(stdout(executed, 4)).toBe('pandas 2 3\n');
    expect(stdout(executed, 5)).toBe('seaborn (2, 7) 2.67\n');
    expect(stdout(executed, 6)).toBe("openml [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] ['a', 'b', 'a']\n");
    // the author's code is what is stored: no URL was rewritten in it
    expect(executed?.cells.map((c) => c.source)).toEqual(notebook.cells.map((c) => c.source));
  });

  it('serves mapped URLs to requests (Response, json, stream)', (ctx) => {
    if (!requestsLib.ok) ctx.skip(requestsLib.reason);
    expect(stdout(result.executed, 7)).toBe('requests 200 [1, 2, 3] utf-8\nstream True\n');
  });

  it('an unmapped URL that cannot be fetched fails with a message naming it and how to map it', () => {
    const errors = new Map(result.report.errors.map((e) => [e.cellIndex, e]));
    const advice =
      'and is not mapped to a local copy. If this run has no network, map it with data.urls in nbrevive.case.json or --url-map FILE';
    expect(errors.get(8)?.ename).toBe('URLError');
    expect(errors.get(8)?.evalue).toMatch(
      new RegExp(`^<urlopen error nbrevive: ${UNMAPPED}/missing\\.csv could not be fetched \\(.+\\) ${advice}`),
    );
    // pandas opens http(s) URLs with urllib: the same message
    expect(errors.get(9)?.ename).toBe('URLError');
    expect(errors.get(9)?.evalue).toContain(`${UNMAPPED}/other.csv could not be fetched`);
    if (requestsLib.ok) {
      expect(errors.get(10)?.ename).toBe('ConnectionError');
      expect(errors.get(10)?.evalue).toMatch(
        new RegExp(`^nbrevive: ${UNMAPPED}/missing\\.json could not be fetched \\(.+\\) ${advice}`),
      );
    }
    expect([...errors.keys()].sort((a, b) => a - b)).toEqual(requestsLib.ok ? [8, 9, 10] : [8, 9]);
  });

  it('without network an unmapped URL fails at once, naming the URL; other clients are told the host', () => {
    // the kernel's hooks as a run without network installs them (the Docker runtime without --network)
    const dir = fs.mkdtempSync(path.join(tmp, 'offline-'));
    fs.writeFileSync(
      path.join(dir, 'map.json'),
      JSON.stringify({ network: false, urls: { 'https://example.org/a.csv': path.join(dir, 'a.csv') } }),
    );
    fs.writeFileSync(path.join(dir, 'a.csv'), 'a\n1\n');
    const script = [
      `import sys; sys.path.insert(0, ${JSON.stringify(path.join(REPO_ROOT, 'resources/python'))})`,
      `import nbrevive_urls; nbrevive_urls.install(${JSON.stringify(path.join(dir, 'map.json'))})`,
      'import socket, time, urllib.request, urllib.error',
      "print(urllib.request.urlopen('https://example.org/a.csv').read().decode().split())",
      't0 = time.monotonic()',
      'try:',
      "    urllib.request.urlopen('https://example.org/b.csv')",
      'except urllib.error.URLError as e:',
      '    print(type(e).__name__, e.reason, time.monotonic() - t0 < 1)',
      'try:',
      "    socket.create_connection(('nbrevive-unmapped.invalid', 443))",
      'except OSError as e:',
      '    print(type(e).__name__, e)',
    ].join('\n');
    const r = spawnSync(python, ['-c', script], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')).toEqual([
      "['a', '1']",
      'URLError nbrevive: no network in this run; https://example.org/b.csv is not mapped. Map it with data.urls in nbrevive.case.json or --url-map FILE (or the URL map in Settings) True',
      expect.stringMatching(
        /^gaierror \[Errno -?\d+\] nbrevive: no network in this run; cannot resolve nbrevive-unmapped\.invalid:443\. Map the URLs the notebook downloads with data\.urls in nbrevive\.case\.json or --url-map FILE$/,
      ),
      '',
    ]);
  });
}

describe('URLs served inside the kernel [bookworm stack]', () => body(TEST_PYTHON, 'bookworm'));
describeToday('URLs served inside the kernel', (python) => body(python, 'today'));

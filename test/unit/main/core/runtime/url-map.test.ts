// The URL map: reading --url-map files (errors that say what to fix), merging with the case's data.urls, and the
// kernel-visible paths the workspace hands to each runtime.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thrown } from '../../../../helpers/errors';
import { jobSettingsFrom } from '../../../../../main/cli/options';
import { bareCase } from '../../../../../main/core/case/case-loader';
import { kernelUrlMap, readUrlMapFile, urlKey, userUrlsNotInCase } from '../../../../../main/core/runtime/url-map';
import { prepareWorkspace } from '../../../../../main/core/runtime/workspace';
import { notebookOfCells } from '../../../../helpers/notebooks';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-url-map-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(tmp, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const URL_LITERAL = "pd.read_csv('https://data.example.org/train.csv')";
const notebook = notebookOfCells([
  { id: 'a', cell_type: 'code', source: URL_LITERAL, metadata: {}, outputs: [], execution_count: null },
]);

describe('readUrlMapFile', () => {
  it('resolves relative paths against the file and keeps absolute ones', () => {
    const file = write(
      'maps/urls.json',
      JSON.stringify({ 'https://a.example/x.csv': 'copies/x.csv', 'http://b.example/y': '/data/y.bin' }),
    );
    expect(readUrlMapFile(file)).toEqual({
      'https://a.example/x.csv': path.join(tmp, 'maps/copies/x.csv'),
      'http://b.example/y': '/data/y.bin',
    });
    // through the CLI option, as run/modernize/corpus run read it
    expect(jobSettingsFrom({ 'url-map': file }).urlMap).toEqual(readUrlMapFile(file));
    expect(jobSettingsFrom({}).urlMap).toEqual({});
  });

  it('says what is wrong with a bad file', () => {
    expect(thrown(() => readUrlMapFile(path.join(tmp, 'absent.json'))).message).toBe(
      `--url-map ${path.join(tmp, 'absent.json')}: cannot read it (ENOENT): give the path of a JSON file {"https://…": "local/copy.csv"}`,
    );
    expect(thrown(() => readUrlMapFile(write('bad.json', '{nope'))).code).toBe('not-json');
    expect(thrown(() => readUrlMapFile(write('list.json', '["x"]'))).message).toMatch(/must hold one JSON object/);
    expect(thrown(() => readUrlMapFile(write('scheme.json', '{"data/x.csv": "x.csv"}'))).message).toMatch(
      /"data\/x\.csv" is not an http\(s\) or ftp URL$/,
    );
    expect(thrown(() => readUrlMapFile(write('empty.json', '{"https://a.example/x": ""}'))).message).toMatch(
      /the local copy of https:\/\/a\.example\/x must be a file path/,
    );
  });
});

describe('merging maps', () => {
  it('compares URLs as the kernel does and lets the case win', () => {
    expect(urlKey('HTTPS://Data.Example.org/a/b.csv/')).toBe('https://data.example.org/a/b.csv');
    expect(urlKey('https://x.example/a?raw=true')).toBe('https://x.example/a?raw=true');
    expect(
      userUrlsNotInCase(
        { 'https://x.example/a.csv': '/case/a.csv' },
        { 'https://X.example/a.csv/': '/mine/a.csv', 'https://x.example/b.csv': '/mine/b.csv' },
      ),
    ).toEqual([['https://x.example/b.csv', '/mine/b.csv']]);
    expect(
      kernelUrlMap([{ url: 'https://x/a', hostPath: 'C:\\a', kernelPath: 'C:\\a', source: 'user' }], false),
    ).toEqual({ network: false, urls: { 'https://x/a': 'C:/a' } });
  });

  it('the workspace serves case URLs from input/ or where they are, user URLs after them; literals are not rewritten', () => {
    const root = path.join(tmp, 'case');
    const train = write('case/input/train.csv', 'id\n1\n');
    const tips = write('case/downloads/tips.csv', 'tip\n1\n');
    const mine = write('mine/records.json', '{}');
    const kase = {
      ...bareCase(path.join(root, 'nb.ipynb'), path.join(root, 'input')),
      urls: { 'https://data.example.org/train.csv': train, 'https://s.example/tips.csv': tips },
    };
    const urlMap = { 'https://api.example/records.json': mine, 'https://data.example.org/train.csv': mine };
    const local = prepareWorkspace({ notebook, case: kase, jobDir: path.join(tmp, 'job-local') }, { urlMap });
    expect(local.servedUrls).toEqual([
      {
        url: 'https://data.example.org/train.csv',
        hostPath: train,
        kernelPath: path.join(tmp, 'job-local/input/train.csv'),
        source: 'case',
      },
      { url: 'https://s.example/tips.csv', hostPath: tips, kernelPath: tips, source: 'case' },
      { url: 'https://api.example/records.json', hostPath: mine, kernelPath: mine, source: 'user' },
    ]);
    expect(local.notebookForRun.cells[0]?.source).toBe(URL_LITERAL);
    // Docker: the input copy at its mount, every other copy mounted on its own (one mount per distinct file)
    const docker = prepareWorkspace(
      { notebook, case: kase, jobDir: path.join(tmp, 'job-docker') },
      {
        urlMap: { ...urlMap, 'https://api.example/again.json': mine },
        toKernelPath: (p) => p.replace(path.join(tmp, 'job-docker'), '/kaggle'),
        urlFileKernelPath: (p, i) => `/urls/${i}-${path.basename(p)}`,
      },
    );
    expect(docker.servedUrls.map((s) => [s.url, s.kernelPath])).toEqual([
      ['https://data.example.org/train.csv', '/kaggle/input/train.csv'],
      ['https://s.example/tips.csv', '/urls/0-tips.csv'],
      ['https://api.example/records.json', '/urls/1-records.json'],
      ['https://api.example/again.json', '/urls/1-records.json'],
    ]);
  });

  it('a mapped copy that is missing or not a file is a data-missing error naming the map', () => {
    const kase = { ...bareCase(path.join(tmp, 'nb.ipynb'), null), urls: {} };
    const missing = path.join(tmp, 'nowhere.csv');
    const e = thrown(() =>
      prepareWorkspace(
        { notebook, case: kase, jobDir: path.join(tmp, 'job-missing') },
        { urlMap: { 'https://x.example/a.csv': missing } },
      ),
    );
    expect(e.code).toBe('data-missing');
    expect(e.message).toBe(
      `the URL map (--url-map FILE or Settings → URL map) maps https://x.example/a.csv to ${missing}, which does not exist: put the downloaded file there or fix the map`,
    );
    const dir = thrown(() =>
      prepareWorkspace({
        notebook,
        case: { ...kase, urls: { 'https://x.example/d': tmp } },
        jobDir: path.join(tmp, 'job-dir'),
      }),
    );
    expect(dir.message).toBe(
      `data.urls in nbrevive.case.json maps https://x.example/d to ${tmp}, which is not a file: put the downloaded file there or fix the map`,
    );
  });
});

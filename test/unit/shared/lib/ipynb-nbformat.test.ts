// The notebook model against nbformat itself: for every corpus notebook and our own fixtures, serialize(parse(text))
// must equal what Python's nbformat 5.x writes for the same text. nbformat.reads() adds no ids to 4.0–4.4 notebooks
// and random ids to nbformat 3 (and 4.5+ cells without one); we add deterministic ids and set nbformat_minor to 5.
// So each file is compared twice: (a) with addCellIds: false, against plain nbformat (4.0–4.4 files only), and
// (b) with our ids, against nbformat after the same ids and minor version are set on its notebook.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCorpus } from '../../../helpers/corpus';
import { TEST_PYTHON } from '../../../helpers/python';
import { parseNotebook, serializeNotebook } from '../../../../shared/lib/ipynb';
import { compareCodePoints, parsePythonJson, pythonFloatRepr } from '../../../../shared/lib/ipynb-json';
import { splitLines } from '../../../../shared/lib/text';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/notebooks');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

// One Python process answers a batch: [{text, ids, minor}] → [nbformat.writes(...) + '\n'].
const NBFORMAT_WRITES = `
import sys, json, warnings
import nbformat
warnings.simplefilter('ignore')
out = []
for item in json.loads(sys.stdin.buffer.read().decode('utf-8')):
    nb = nbformat.reads(item['text'], 4)
    if item.get('ids') is not None:
        for cell, cell_id in zip(nb.cells, item['ids']):
            cell['id'] = cell_id
        nb.nbformat_minor = item['minor']
    out.append(nbformat.writes(nb) + '\\n')
sys.stdout.buffer.write(json.dumps(out).encode('utf-8'))
`;

function python(code: string, input: string): string {
  const r = spawnSync(TEST_PYTHON, ['-c', code], { input, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr.toString()}`);
  return r.stdout.toString('utf8');
}

interface RefItem {
  text: string;
  ids?: (string | undefined)[];
  minor?: number;
}
const nbformatWrites = (items: RefItem[]): string[] =>
  JSON.parse(python(NBFORMAT_WRITES, JSON.stringify(items))) as string[];

const HAS_NBFORMAT = spawnSync(TEST_PYTHON, ['-c', 'import nbformat']).status === 0;
const NO_NBFORMAT = `skipped: ${TEST_PYTHON} cannot import nbformat (apt-get install python3-nbformat, or set NBREVIVE_PYTHON)`;
if (!HAS_NBFORMAT) console.warn(`[nbrevive tests] ipynb vs nbformat: ${NO_NBFORMAT}`);
const describeNbformat = HAS_NBFORMAT ? describe : describe.skip;

/** Both comparisons for one notebook text; returns [ours, nbformat's] pairs. */
function comparisons(texts: string[]): { label: string; ours: string; theirs: string }[] {
  const items: RefItem[] = [];
  const ours: { label: string; text: string }[] = [];
  texts.forEach((text, k) => {
    const nb = parseNotebook(text);
    items.push({ text, ids: nb.cells.map((c) => c.id), minor: nb.nbformat_minor });
    ours.push({ label: `#${k} with our ids`, text: serializeNotebook(nb) });
    const raw = parsePythonJson(text.replace(/^\uFEFF/, '')) as { nbformat: number; nbformat_minor: number };
    if (raw.nbformat === 4 && raw.nbformat_minor < 5) {
      items.push({ text });
      ours.push({ label: `#${k} without ids`, text: serializeNotebook(parseNotebook(text, { addCellIds: false })) });
    }
  });
  const theirs = nbformatWrites(items);
  return ours.map((o, k) => ({ label: o.label, ours: o.text, theirs: theirs[k] ?? '<missing>' }));
}

/** Where two long strings first differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i === a.length && i === b.length
    ? 'identical'
    : `at ${i}: ours ${JSON.stringify(a.slice(i - 40, i + 40))} vs nbformat ${JSON.stringify(b.slice(i - 40, i + 40))}`;
}

describeCorpus('ipynb: corpus notebooks are written byte for byte as nbformat writes them', (corpusDir) => {
  const notebooks = corpusDir
    ? fs
        .readdirSync(corpusDir)
        .filter((d) => fs.existsSync(path.join(corpusDir, d, 'nbrevive.case.json')))
        .map((d) => {
          const manifest = JSON.parse(fs.readFileSync(path.join(corpusDir, d, 'nbrevive.case.json'), 'utf8')) as {
            notebook: string;
          };
          return { id: d, file: path.join(corpusDir, d, manifest.notebook) };
        })
    : [];
  let results: Map<string, { label: string; ours: string; theirs: string }[]>;
  beforeAll(() => {
    if (!HAS_NBFORMAT) return;
    const texts = notebooks.map((n) => fs.readFileSync(n.file, 'utf8'));
    const all = comparisons(texts);
    results = new Map(notebooks.map((n, k) => [n.id, all.filter((r) => r.label.startsWith(`#${k} `))]));
  });
  it('finds the corpus notebooks', () => expect(notebooks.length).toBeGreaterThanOrEqual(10));
  for (const n of notebooks) {
    it.skipIf(!HAS_NBFORMAT)(`${n.id}`, () => {
      const rs = results.get(n.id) ?? [];
      expect(rs.length).toBeGreaterThanOrEqual(1);
      for (const r of rs) expect(firstDifference(r.ours, r.theirs), r.label).toBe('identical');
    });
  }
});

describeNbformat('ipynb: our fixtures are written as nbformat writes them', () => {
  for (const name of ['v3-legacy.ipynb', 'unknown-metadata.ipynb', 'unicode.ipynb', 'floats.ipynb']) {
    it(name, () => {
      const rs = comparisons([fixture(name)]);
      for (const r of rs) expect(firstDifference(r.ours, r.theirs), r.label).toBe('identical');
    });
  }

  it('formats floats as Python repr() does, over many magnitudes', () => {
    let seed = 42;
    const rand = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const values = [
      0.1,
      0.5,
      1 / 3,
      2 / 3,
      1e-4,
      9.999e-5,
      1e-5,
      1e15,
      9999999999999998,
      1e16,
      1.5e16,
      123.456,
      5e-324,
      Number.MAX_VALUE,
      -2.5e-10,
      1e100,
    ];
    for (let k = 0; k < 3000; k++) values.push((rand() - 0.5) * 10 ** Math.floor(rand() * 60 - 30));
    for (let k = 0; k < 200; k++) values.push(Math.round(rand() * 1e6) / 10 ** Math.floor(rand() * 8));
    const reprs = JSON.parse(
      python(
        'import sys, json; print(json.dumps([repr(float(x)) for x in json.loads(sys.stdin.read())]))',
        JSON.stringify(values),
      ),
    ) as string[];
    const ours = values.map(pythonFloatRepr);
    const mismatches = ours.map((o, k) => [values[k], o, reprs[k]]).filter(([, o, p]) => o !== p);
    expect(mismatches).toEqual([]);
  });

  it('splits lines exactly like Python str.splitlines(True)', () => {
    const samples = [
      '',
      'a',
      'a\n',
      'a\nb',
      'a\r\nb\rc\n\n',
      '\r\r\n\n',
      'x\vy\fz\x1cq\x1dw\x1ee\x85r\u2028t\u2029u',
      'tail\r',
      'no break at all',
    ];
    const theirs = JSON.parse(
      python(
        'import sys, json; print(json.dumps([s.splitlines(True) for s in json.loads(sys.stdin.read())]))',
        JSON.stringify(samples),
      ),
    ) as string[][];
    expect(samples.map((s) => splitLines(s))).toEqual(theirs);
  });

  it('sorts keys by code point as Python does', () => {
    const keys = ['b', 'a', 'é', '\uffff', '😀', '\ue000', 'Z', '_', 'aa', ''];
    const theirs = JSON.parse(
      python(
        'import sys, json; print(json.dumps(sorted(json.loads(sys.stdin.read())), ensure_ascii=True))',
        JSON.stringify(keys),
      ),
    ) as string[];
    expect([...keys].sort(compareCodePoints)).toEqual(theirs);
  });
});

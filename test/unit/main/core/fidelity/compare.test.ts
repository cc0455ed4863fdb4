// Output fidelity: text line by line with numbers at a tolerance (numpy 2's reprs read as numpy 1's), DataFrame
// tables by shape and values, images by size and average hash (PNGs made here, in each colour type the decoder
// reads), errors by name, and the outputs that cannot be compared: unseeded randomness, timings, progress bars,
// memory addresses.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareOutputs, summarizeFidelity } from '../../../../../main/core/fidelity/compare';
import { compareImages, compareTables, compareText } from '../../../../../main/core/fidelity/compare-units';
import { averageHash, decodePng, hammingDistance, pngSize } from '../../../../../main/core/fidelity/png';
import { parseNotebook } from '../../../../../shared/lib/ipynb';
import type { Notebook, Output } from '../../../../../shared/models/notebook';
import { CellFidelitySchema } from '../../../../../shared/models/fidelity';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const tb = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(tb));
  return Buffer.concat([len, tb, crc]);
}

/** A PNG of `draw(x, y)` → [r, g, b, a]; colour type 6 (RGBA) or 2 (RGB) or 0 (grey); rows use filter `filter`. */
function png(
  width: number,
  height: number,
  draw: (x: number, y: number) => [number, number, number, number],
  colorType: 0 | 2 | 6 = 6,
  filter = 0,
): string {
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 1;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(width * channels);
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(width * channels);
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = draw(x, y);
      const px =
        colorType === 6 ? [r, g, b, a] : colorType === 2 ? [r, g, b] : [Math.round(0.299 * r + 0.587 * g + 0.114 * b)];
      px.forEach((v, k) => (line[x * channels + k] = v));
    }
    // filter 1 (sub) and 2 (up) exercise the decoder's reconstruction
    const out = Buffer.alloc(line.length);
    for (let i = 0; i < line.length; i++)
      out[i] =
        (line[i]! - (filter === 1 ? (i >= channels ? line[i - channels]! : 0) : filter === 2 ? prev[i]! : 0)) & 0xff;
    rows.push(Buffer.concat([Buffer.from([filter]), out]));
    prev = line;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colorType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

const WHITE: [number, number, number, number] = [255, 255, 255, 255];
const BLUE: [number, number, number, number] = [31, 119, 180, 255];
/** a plot-like picture: a rising line of dots */
const rising = (w: number, h: number) => (x: number, y: number) =>
  Math.abs(h - 1 - y - Math.floor((x * h) / w)) < 3 ? BLUE : WHITE;
const falling = (w: number, h: number) => (x: number, y: number) =>
  Math.abs(y - Math.floor((x * h) / w)) < 3 ? BLUE : WHITE;

function nb(cells: { source: string; outputs: Output[]; execution_count?: number | null }[]): Notebook {
  return parseNotebook(
    JSON.stringify({
      nbformat: 4,
      nbformat_minor: 4,
      metadata: {},
      cells: cells.map((c) => ({ cell_type: 'code', metadata: {}, execution_count: 1, ...c })),
    }),
  );
}
const stdout = (text: string): Output => ({ output_type: 'stream', name: 'stdout', text });
const result = (data: Record<string, string>): Output => ({
  output_type: 'execute_result',
  execution_count: 1,
  metadata: {},
  data,
});
const image = (b64: string): Output => ({
  output_type: 'display_data',
  metadata: {},
  data: { 'image/png': b64, 'text/plain': '<Figure size 640x480 with 1 Axes>' },
});
const error = (ename: string, evalue = 'boom'): Output => ({ output_type: 'error', ename, evalue, traceback: [] });

/** The executed notebook: the original's cells (same ids) with other outputs. */
function rerun(original: Notebook, outputs: Output[][]): Notebook {
  return { ...original, cells: original.cells.map((c, i) => ({ ...c, outputs: outputs[i] ?? [] })) };
}

describe('text', () => {
  it('is the same when only whitespace, numpy 2 reprs and float noise differ', () => {
    expect(
      compareText('Accuracy: 0.77\nloss   0.5\n', 'Accuracy: np.float64(0.77)\nloss 0.50000001\n', 1e-4),
    ).toMatchObject({ verdict: 'same' });
  });
  it('drifts with the largest relative change when a number moved beyond the tolerance', () => {
    const r = compareText('train 0.90\ntest 0.80\n', 'train 0.90\ntest 0.84\n', 1e-4);
    expect(r.verdict).toBe('numbers-drifted');
    expect(r.maxRelativeChange).toBeCloseTo(0.05, 10);
    expect(r.reason).toContain('line 2: 0.8 → 0.84');
  });
  it('drifts, storably, when a number moved away from 0 (an infinite relative change) or to an overflow', () => {
    for (const [before, after] of [
      ['errors 0\n', 'errors 3\n'],
      ['score 0.5\n', 'score 1e999\n'],
    ] as const) {
      const r = compareText(before, after, 1e-4);
      expect(r.verdict).toBe('numbers-drifted');
      expect(r.maxRelativeChange).toBeNull();
      expect(
        CellFidelitySchema.safeParse({
          ...r,
          cellId: 'a',
          cellIndex: 0,
          executedIndex: 0,
          comparable: 1,
          reproduced: 0,
        }).error,
      ).toBeUndefined();
    }
  });
  it("reads Python 2's reprs of the same values as today's (u'text', 10L)", () => {
    expect(
      compareText(
        "Index([u'PassengerId', u\"Name\"], dtype='object')\n5L\n",
        "Index(['PassengerId', \"Name\"], dtype='object')\n5\n",
        1e-4,
      ),
    ).toMatchObject({ verdict: 'same' });
    // a word ending in u, or an L that is part of a name, is left as it is
    expect(compareText("menu'x' 5Lb\n", "men'x' 5b\n", 1e-4).verdict).toBe('different');
  });
  it('is different when the words or the number of lines change', () => {
    expect(compareText('Best alpha : 30.0\n', 'Best l1 : 30.0\n', 1e-4).verdict).toBe('different');
    expect(compareText('a 1\nb 2\n', 'a 1\n', 1e-4)).toMatchObject({
      verdict: 'different',
      reason: expect.stringContaining('2 line(s) became 1'),
    });
  });
  it('drops timings, progress bars and timestamps, and masks memory addresses', () => {
    const a =
      'Wall time: 1.2 s\n 40%|████      | 4/10 [00:01<00:02]\nfitted at 2017-02-08 10:31\n<Model at 0x7f0e5a2610b8>\nscore 0.5\n';
    const b =
      'Wall time: 3.4 s\n 90%|█████████ | 9/10 [00:03<00:00]\nfitted at 2026-01-01 09:00\n<Model at 0x55d0c0ffee00>\nscore 0.5\n';
    const r = compareText(a, b, 1e-4);
    expect(r.verdict).toBe('same');
    expect(r.reason).toMatch(/a timing/);
    expect(r.reason).toMatch(/a progress bar/);
    expect(r.reason).toMatch(/a timestamp/);
    expect(compareText('Wall time: 1.2 s\n', 'Wall time: 3 s\n', 1e-4)).toMatchObject({
      verdict: 'not-comparable',
      reason: 'only a timing lines',
    });
  });
});

describe('DataFrames', () => {
  const html = (rows: string[][]) =>
    `<table border="1" class="dataframe"><thead><tr><th></th><th>a</th><th>b</th></tr></thead><tbody>${rows.map((r) => `<tr><th>${r[0]}</th><td>${r[1]}</td><td>${r[2]}</td></tr>`).join('')}</tbody></table>`;
  const table = (rows: string[][]) => [['', 'a', 'b'], ...rows];
  it('compares tables by shape and values', () => {
    expect(compareTables(table([['0', '1.0', 'x']]), table([['0', '1.00001', 'x']]), 1e-4).verdict).toBe('same');
    expect(compareTables(table([['0', '1.0', 'x']]), table([['0', '1.5', 'x']]), 1e-4)).toMatchObject({
      verdict: 'numbers-drifted',
      maxRelativeChange: 0.5,
    });
    expect(compareTables(table([['0', '1.0', 'x']]), table([['0', '1.0', 'y']]), 1e-4).verdict).toBe('different');
    expect(
      compareTables(
        table([['0', '1.0', 'x']]),
        table([
          ['0', '1.0', 'x'],
          ['1', '2.0', 'y'],
        ]),
        1e-4,
      ),
    ).toMatchObject({ verdict: 'different', reason: 'table shape 2×3 became 3×3' });
  });
  it('reads the HTML of a DataFrame result in preference to its text repr', () => {
    const original = nb([
      {
        source: 'df.head()',
        outputs: [result({ 'text/html': html([['0', '5.1', 'x']]), 'text/plain': '     a  b\n0  5.1  x' })],
      },
    ]);
    // pandas changed how it pads the repr; the table is the same
    const same = compareOutputs(
      original,
      rerun(original, [[result({ 'text/html': html([['0', '5.1', 'x']]), 'text/plain': '   a b\n0 5.1 x ...' })]]),
    );
    expect(same.cells[0]).toMatchObject({ verdict: 'same', reason: 'same table (2×3)' });
    const drifted = compareOutputs(
      original,
      rerun(original, [[result({ 'text/html': html([['0', '5.3', 'x']]), 'text/plain': '' })]]),
    );
    expect(drifted.cells[0]).toMatchObject({ verdict: 'numbers-drifted' });
  });
});

describe('images', () => {
  it('decodes RGBA, RGB and grey PNGs with row filters, and hashes what they show', () => {
    const rgba = decodePng(Buffer.from(png(64, 48, rising(64, 48), 6, 1), 'base64'));
    const rgb = decodePng(Buffer.from(png(64, 48, rising(64, 48), 2, 2), 'base64'));
    const grey = decodePng(Buffer.from(png(64, 48, rising(64, 48), 0, 0), 'base64'));
    expect([rgba.width, rgba.height]).toEqual([64, 48]);
    expect(hammingDistance(averageHash(rgba), averageHash(rgb))).toBe(0);
    expect(hammingDistance(averageHash(rgba), averageHash(grey))).toBe(0);
    expect(pngSize(Buffer.from(png(10, 7, rising(10, 7)), 'base64'))).toEqual({ width: 10, height: 7 });
  });
  it('are the same when they look alike (at any size), different when they do not', () => {
    const a = png(64, 48, rising(64, 48));
    // the same plot with a few pixels moved (antialiasing noise)
    const b = png(64, 48, (x, y) => (x === 5 && y === 5 ? BLUE : rising(64, 48)(x, y)));
    expect(compareImages(a, b, 0.1).verdict).toBe('same');
    expect(compareImages(a, png(64, 48, falling(64, 48)), 0.1)).toMatchObject({
      verdict: 'different',
      reason: expect.stringMatching(/looks different/),
    });
    // matplotlib's default size and dpi changed: the same plot at another size is the same picture, the size noted
    expect(compareImages(a, png(80, 60, rising(80, 60)), 0.1)).toMatchObject({
      verdict: 'same',
      reason: expect.stringMatching(/size 64×48 became 80×60$/),
    });
    expect(compareImages(a, png(80, 60, falling(80, 60)), 0.1)).toMatchObject({
      verdict: 'different',
      reason: expect.stringMatching(/looks different .*size 64×48 became 80×60/),
    });
  });
});

describe('compareOutputs', () => {
  it('gives each cell a verdict and the notebook the share of comparable outputs reproduced', () => {
    const original = nb([
      { source: 'print("rows", 891)', outputs: [stdout('rows 891\n')] },
      { source: 'print("acc", acc)', outputs: [stdout('acc 0.80\n')] },
      { source: 'plot()', outputs: [image(png(32, 32, rising(32, 32)))] },
      { source: 'x = 1', outputs: [] },
      { source: 'old_api()', outputs: [error('AttributeError')] },
      { source: 'print("gone")', outputs: [stdout('gone\n')] },
    ]);
    const executed = rerun(original, [
      [stdout('rows 891\n')],
      [stdout('acc 0.70\n')],
      [image(png(32, 32, rising(32, 32)))],
      [error('NameError', "name 'np' is not defined")],
      [error('AttributeError')],
      [],
    ]);
    const f = compareOutputs(original, executed);
    expect(f.cells.map((c) => [c.cellIndex, c.verdict])).toEqual([
      [0, 'same'],
      [1, 'numbers-drifted'],
      [2, 'same'],
      [3, 'new-error'],
      [4, 'same'],
      [5, 'output-missing'],
    ]);
    expect(f.cells[1]!.maxRelativeChange).toBeCloseTo(0.125, 10);
    expect(f.cells[3]!.reason).toBe("NameError: name 'np' is not defined");
    expect(f).toMatchObject({ comparable: 6, reproduced: 3, score: 0.5 });
    expect(summarizeFidelity(f)).toMatch(
      /^50\.0% of 6 comparable outputs reproduced: new-error 1 \(cell 3\), output-missing 1 \(cell 5\)/,
    );
    // a notebook saved without outputs has nothing to compare: said so, not "n/a of 0"
    const bare = nb([{ source: 'print(1)', outputs: [] }]);
    expect(summarizeFidelity(compareOutputs(bare, rerun(bare, [[stdout('1\n')]])))).toMatch(
      /^not measured: the original notebook has no saved outputs/,
    );
  });
  it('holds no error against a cell the author never ran (no execution count, no outputs)', () => {
    const original = nb([
      { source: 'print("acc", 0.8)', outputs: [stdout('acc 0.8\n')] },
      { source: 'F0 - Number of times pregnant', outputs: [], execution_count: null },
      { source: 'x = np.float(1)', outputs: [] },
    ]);
    const executed = rerun(original, [[stdout('acc 0.8\n')], [error('SyntaxError')], [error('AttributeError')]]);
    const f = compareOutputs(original, executed);
    // the cell that ran without printing lost its one output, that it ran; the never-run one had none to lose
    expect(f.cells.map((c) => [c.cellIndex, c.verdict])).toEqual([
      [0, 'same'],
      [2, 'new-error'],
    ]);
    expect(f).toMatchObject({ comparable: 2, reproduced: 1 });
  });

  it('matches cells by id, so a cell a fix inserted or removed does not shift the rest', () => {
    const original = nb([
      { source: 'print(1.5)', outputs: [stdout('1.5\n')] },
      { source: 'print(2.5)', outputs: [stdout('2.5\n')] },
    ]);
    const inserted = { ...original.cells[0]!, id: 'new-cell', source: 'import numpy as np', outputs: [] };
    const executed: Notebook = { ...original, cells: [inserted, original.cells[1]!] };
    const f = compareOutputs(original, executed);
    expect(f.cells).toMatchObject([
      { cellIndex: 0, verdict: 'output-missing', executedIndex: null, reason: 'the cell is no longer in the notebook' },
      { cellIndex: 1, verdict: 'same', executedIndex: 1 },
    ]);
  });
  it('does not hold a difference against a cell whose randomness was never seeded, and says why', () => {
    const original = nb([
      {
        source:
          'from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier(n_estimators=10)\nrf.fit(X, y)',
        outputs: [],
      },
      { source: 'print("acc", rf.score(X, y))', outputs: [stdout('acc 0.81\n')] },
      { source: 'print(np.random.rand())', outputs: [stdout('0.548\n')] },
      { source: 'np.random.seed(0)\nprint(np.random.rand())', outputs: [stdout('0.5488135039273248\n')] },
    ]);
    const f = compareOutputs(
      original,
      rerun(original, [[], [stdout('acc 0.84\n')], [stdout('0.715\n')], [stdout('0.6\n')]]),
    );
    expect(f.cells.map((c) => c.verdict)).toEqual(['not-comparable', 'not-comparable', 'numbers-drifted']);
    expect(f.cells[0]!.reason).toMatch(
      /random without a seed \(uses rf from cell 0 \(RandomForestClassifier\(…\) without a seed\)\)/,
    );
    expect(f.cells[1]!.reason).toMatch(/np\.random\.rand\(…\) without a seed/);
    expect(f).toMatchObject({ comparable: 1, reproduced: 0, score: 0 });
    // the same random outputs reproduced are still counted
    expect(compareOutputs(original, original)).toMatchObject({ score: 1, comparable: 3 });
  });
  it('holds a difference against the boosting libraries without a seed: their default seeds are fixed', () => {
    // XGBoost (seed 0), LightGBM (its C++ default seeds) and CatBoost (random_seed 0) give the same model on every run
    const original = nb([
      { source: 'clf = xgb.XGBClassifier(subsample=0.7)\nclf.fit(X, y)', outputs: [] },
      { source: 'print("acc", clf.score(X, y))', outputs: [stdout('acc 0.81\n')] },
      {
        source: 'm = lgb.LGBMRegressor(bagging_fraction=0.8)\nprint(m.fit(X, y).score(X, y))',
        outputs: [stdout('0.7\n')],
      },
      { source: "bst = xgb.train({'subsample': 0.5}, dtrain)\nprint(bst.eval(dtest))", outputs: [stdout('0.3\n')] },
    ]);
    const f = compareOutputs(
      original,
      rerun(original, [[], [stdout('acc 0.84\n')], [stdout('0.9\n')], [stdout('0.4\n')]]),
    );
    expect(f.cells.map((c) => c.verdict)).toEqual(['numbers-drifted', 'numbers-drifted', 'numbers-drifted']);
    expect(f).toMatchObject({ comparable: 3, reproduced: 0 });
  });
  it("says an object's repr with a memory address cannot be compared, and an author's error that is gone", () => {
    const original = nb([
      { source: 'plt.plot(x)', outputs: [result({ 'text/plain': '<matplotlib.figure.Figure at 0x7f0e5a2610b8>' })] },
      { source: 'df.ix[0]', outputs: [error('AttributeError')] },
    ]);
    const f = compareOutputs(
      original,
      rerun(original, [[result({ 'text/plain': '[<matplotlib.lines.Line2D at 0x7f00>]' })], [stdout('a 1\n')]]),
    );
    expect(f.cells.map((c) => c.verdict)).toEqual(['not-comparable', 'not-comparable']);
    expect(f.cells[0]!.reason).toMatch(/only an object's repr was saved/);
    expect(f.cells[1]!.reason).toBe("the author's run raised AttributeError here; this one does not");
    expect(f.score).toBeNull();
  });
});

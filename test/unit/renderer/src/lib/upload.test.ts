import { describe, expect, it } from 'vitest';
import { planUpload, toBase64, uploadEntries } from '../../../../../renderer/src/lib/upload';

describe('planUpload', () => {
  it('packs small files together and never exceeds the limit per request', () => {
    expect(planUpload([3, 4, 2], 10)).toEqual([
      [
        { entry: 0, start: 0, end: 3, append: false },
        { entry: 1, start: 0, end: 4, append: false },
        { entry: 2, start: 0, end: 2, append: false },
      ],
    ]);
  });

  it('slices a large file across requests, appending after its first slice', () => {
    const batches = planUpload([4, 25, 1], 10);
    expect(batches).toEqual([
      [
        { entry: 0, start: 0, end: 4, append: false },
        { entry: 1, start: 0, end: 6, append: false },
      ],
      [{ entry: 1, start: 6, end: 16, append: true }],
      [
        { entry: 1, start: 16, end: 25, append: true },
        { entry: 2, start: 0, end: 1, append: false },
      ],
    ]);
    for (const b of batches) expect(b.reduce((n, c) => n + c.end - c.start, 0)).toBeLessThanOrEqual(10);
  });

  it('covers every byte of every file exactly once, empty files included', () => {
    const sizes = [0, 7, 10, 0, 33, 1];
    const covered = sizes.map(() => [] as [number, number][]);
    for (const batch of planUpload(sizes, 10)) for (const c of batch) covered[c.entry]!.push([c.start, c.end]);
    sizes.forEach((size, i) => {
      const ranges = covered[i]!;
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges[0]![0]).toBe(0);
      expect(ranges.at(-1)![1]).toBe(size);
      for (let k = 1; k < ranges.length; k++) expect(ranges[k]![0]).toBe(ranges[k - 1]![1]);
    });
  });
});

describe('toBase64', () => {
  it('matches Node for bytes larger than one slice', () => {
    const bytes = new Uint8Array(100_003).map((_, i) => (i * 7919) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('uploadEntries', () => {
  it('sends the batches under one upload id, finishing with the last, and reports progress', async () => {
    const calls: {
      uploadId: string | null;
      finish: boolean;
      files: { path: string; base64: string; append: boolean }[];
    }[] = [];
    const api = {
      casesUpload: async (input: never) => {
        calls.push(input);
        return { uploadId: 'u-test1', root: '/r', bytes: 0, imported: null };
      },
    };
    const big = new Blob([new Uint8Array(5 * 1024 * 1024).fill(65)]);
    const progress: number[] = [];
    await uploadEntries(
      api as never,
      [
        { path: 'a/nb.ipynb', file: new Blob(['{}']) },
        { path: 'a/input/big.bin', file: big },
      ],
      (sent) => progress.push(sent),
    );
    expect(calls.map((c) => [c.uploadId, c.finish])).toEqual([
      [null, false],
      ['u-test1', true],
    ]);
    expect(calls[1]?.files).toEqual([expect.objectContaining({ path: 'a/input/big.bin', append: true })]);
    const sentBig = calls
      .flatMap((c) => c.files.filter((f) => f.path === 'a/input/big.bin'))
      .map((f) => Buffer.from(f.base64, 'base64').length);
    expect(sentBig.reduce((a, b) => a + b, 0)).toBe(big.size);
    expect(progress.at(-1)).toBe(big.size + 2);
    await expect(uploadEntries(api as never, [])).rejects.toThrow('Choose at least one notebook or folder to upload');
  });
});

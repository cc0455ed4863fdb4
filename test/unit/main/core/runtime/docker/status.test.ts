import { describe, expect, it } from 'vitest';
import { IMAGE_PRESETS, NBREVIVE_IMAGE, resolveImageName } from '../../../../../../main/core/runtime/docker/images';
import { formatPullProgress } from '../../../../../../main/core/runtime/docker/status';

describe('image presets', () => {
  it("name Kaggle's CPU and GPU images and nbrevive's own", () => {
    expect(resolveImageName('kaggle')).toBe('gcr.io/kaggle-images/python:latest');
    expect(resolveImageName('kaggle-gpu')).toBe('gcr.io/kaggle-gpu-images/python:latest');
    expect(resolveImageName('nbrevive')).toBe(NBREVIVE_IMAGE);
    expect(resolveImageName('python:3.12-slim')).toBe('python:3.12-slim');
    expect(IMAGE_PRESETS.filter((p) => p.gpu).map((p) => p.name)).toEqual(['kaggle-gpu']);
  });
});

describe('pull progress line', () => {
  it('counts finished layers and bytes', () => {
    const line = formatPullProgress({
      image: 'gcr.io/kaggle-images/python:latest',
      layers: [
        { id: 'a', status: 'Pull complete', current: 100 * 1024 ** 2, total: 100 * 1024 ** 2 },
        { id: 'b', status: 'Downloading', current: 50 * 1024 ** 2, total: 300 * 1024 ** 2 },
        { id: 'c', status: 'Already exists', current: 0, total: 0 },
      ],
      currentBytes: 150 * 1024 ** 2,
      totalBytes: 400 * 1024 ** 2,
      message: 'Pulling from kaggle-images/python',
    });
    expect(line).toBe('gcr.io/kaggle-images/python:latest: 2/3 layers, 150.0 MB / 400.0 MB (37%)');
    expect(
      formatPullProgress({
        image: 'x:1',
        layers: [],
        currentBytes: 0,
        totalBytes: 0,
        message: 'Pulling from library/x',
      }),
    ).toBe('x:1: 0/0 layers, Pulling from library/x');
  });
});

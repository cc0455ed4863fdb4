import { describe, expect, it } from 'vitest';
import { corpusFinishedMessage, CorpusProgress } from '../../../../main/app/corpus-progress';

describe('corpus progress in the dock/taskbar', () => {
  it('follows a run from the first queued job to the empty queue, then reports it once', () => {
    const p = new CorpusProgress();
    expect(p.update({ queued: 0, running: 0, reason: 'worker-ready' })).toEqual({ progress: -1, finished: null });
    expect(p.update({ queued: 4, running: 0, reason: 'enqueued' }).progress).toBe(0.02);
    expect(p.update({ queued: 2, running: 2, reason: 'job-started' }).progress).toBe(0.02);
    expect(p.update({ queued: 1, running: 2, reason: 'job-done' }).progress).toBeCloseTo(1 / 4);
    expect(p.update({ queued: 0, running: 2, reason: 'job-failed' }).progress).toBeCloseTo(2 / 4);
    // an interrupted job goes back to the queue and is not counted as ended
    expect(p.update({ queued: 1, running: 1, reason: 'job-interrupted' }).progress).toBeCloseTo(2 / 4);
    expect(p.update({ queued: 0, running: 1, reason: 'job-cancelled' }).progress).toBeCloseTo(3 / 4);
    expect(p.update({ queued: 0, running: 0, reason: 'job-done' })).toEqual({
      progress: -1,
      finished: { done: 2, failed: 1, cancelled: 1 },
    });
    expect(p.update({ queued: 0, running: 0, reason: 'priority' })).toEqual({ progress: -1, finished: null });
  });

  it('words the notification', () => {
    expect(corpusFinishedMessage({ done: 2, failed: 1, cancelled: 1 })).toEqual({
      title: 'nbrevive: corpus finished (4 jobs)',
      body: '2 done, 1 failed, 1 cancelled',
    });
    expect(corpusFinishedMessage({ done: 1, failed: 0, cancelled: 0 })).toEqual({
      title: 'nbrevive: job finished',
      body: '1 done',
    });
  });
});

// Follows the queue through its `app:queue.changed` events to drive the dock/taskbar progress bar: a run starts
// when work appears in an empty queue and finishes when the queue is empty again (then a notification says so).
import type { Api } from '../../shared/contracts/api';
import type { PayloadOf } from '../../shared/contracts/channel';

type QueueChangedEvent = PayloadOf<Api['app:queue.changed']>;

export interface CorpusRunSummary {
  done: number;
  failed: number;
  cancelled: number;
}

export interface ProgressUpdate {
  /** 0…1 while a run is going, -1 to remove the bar (BrowserWindow.setProgressBar's convention) */
  progress: number;
  /** set once, on the event that empties the queue after a run */
  finished: CorpusRunSummary | null;
}

export class CorpusProgress {
  private active = false;
  private ended: CorpusRunSummary = { done: 0, failed: 0, cancelled: 0 };

  update(event: Pick<QueueChangedEvent, 'queued' | 'running' | 'reason'>): ProgressUpdate {
    const outstanding = event.queued + event.running;
    if (this.active) {
      // the worker reports each ended job as `job-<status>`; an interrupted job goes back to the queue
      if (event.reason === 'job-done') this.ended.done++;
      else if (event.reason === 'job-failed') this.ended.failed++;
      else if (event.reason === 'job-cancelled') this.ended.cancelled++;
    }
    if (outstanding === 0) {
      const finished = this.active && this.total() > 0 ? { ...this.ended } : null;
      this.active = false;
      this.ended = { done: 0, failed: 0, cancelled: 0 };
      return { progress: -1, finished };
    }
    this.active = true;
    const total = this.total() + outstanding;
    // a started run shows a sliver rather than an empty bar
    return { progress: Math.max(0.02, this.total() / total), finished: null };
  }

  private total(): number {
    return this.ended.done + this.ended.failed + this.ended.cancelled;
  }
}

/** The notification text for a finished run. */
export function corpusFinishedMessage(s: CorpusRunSummary): { title: string; body: string } {
  const total = s.done + s.failed + s.cancelled;
  const parts = [`${s.done} done`];
  if (s.failed) parts.push(`${s.failed} failed`);
  if (s.cancelled) parts.push(`${s.cancelled} cancelled`);
  return {
    title: total === 1 ? 'nbrevive: job finished' : `nbrevive: corpus finished (${total} jobs)`,
    body: parts.join(', '),
  };
}

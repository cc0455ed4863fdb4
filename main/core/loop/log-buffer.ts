// Collects a job's log lines (the notebook's streams and the loop's own notes) and writes them in batches, so a
// chatty notebook costs one transaction per batch rather than one per line.
import type { RunnerEvent } from '../../../shared/models/execution';
import type { LogInput, LogLine, LogStream } from '../store/logs';
import type { Store } from '../store/store';

const MAX_PENDING = 200;
/** a line waits at most this long, so output of a long cell reaches the log (and live viewers) while it runs */
const MAX_DELAY_MS = 300;
const MAX_LINE = 4000;

export class LogBuffer {
  private pending: LogInput[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly jobId: string,
    private readonly onLines?: (lines: LogLine[]) => void,
  ) {}

  system(iteration: number | null, text: string): void {
    this.add(iteration, 'system', text);
  }

  runner(iteration: number, event: RunnerEvent): void {
    switch (event.type) {
      case 'stream':
        for (const line of event.text.replace(/\n$/, '').split('\n')) this.add(iteration, event.name, line);
        break;
      case 'cell-started':
        this.add(iteration, 'system', `cell ${event.cellIndex}: ${event.firstLine}`);
        break;
      case 'error':
        this.add(iteration, 'system', `cell ${event.cellIndex} raised ${event.ename}: ${event.evalue}`);
        break;
      case 'note':
        this.add(iteration, 'system', event.message);
        break;
      case 'cell-finished':
        this.flush();
        break;
      default:
        break;
    }
  }

  private add(iteration: number | null, stream: LogStream, text: string): void {
    const clipped =
      text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)} … (${text.length - MAX_LINE} more characters)` : text;
    this.pending.push({ jobId: this.jobId, iteration, stream, text: clipped, at: Date.now() });
    if (this.pending.length >= MAX_PENDING) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), MAX_DELAY_MS);
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const lines = this.store.logs.append(batch);
    this.onLines?.(lines);
  }
}

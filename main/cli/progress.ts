// Live progress of a job on the terminal (stderr, so --json output stays clean): the running cell (i/n), elapsed
// time and the cell's first line, redrawn in place on a TTY and printed once per cell elsewhere.
import type { LoopEvent } from '../core/loop/job-run';

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  /** print nothing (e.g. --json without a TTY) */
  quiet?: boolean;
}

export class Progress {
  private readonly out: NodeJS.WriteStream;
  private readonly tty: boolean;
  private timer: NodeJS.Timeout | null = null;
  private line = '';
  private cell: { ordinal: number; total: number; firstLine: string; since: number } | null = null;
  private iterationStart = Date.now();
  private codeCells = 0;
  private iteration = 0;
  private maxIterations = 1;

  constructor(private readonly options: ProgressOptions = {}) {
    this.out = options.stream ?? process.stderr;
    this.tty = !!this.out.isTTY;
  }

  handle(event: LoopEvent): void {
    if (this.options.quiet) return;
    switch (event.type) {
      case 'iteration-started':
        this.iteration = event.iteration;
        this.maxIterations = event.maxIterations;
        this.iterationStart = Date.now();
        break;
      case 'runner': {
        const e = event.event;
        if (event.run !== 0) break;
        if (e.type === 'started') this.codeCells = e.codeCellCount;
        if (e.type === 'cell-started') {
          this.cell = { ordinal: e.ordinal, total: this.codeCells, firstLine: e.firstLine, since: Date.now() };
          if (this.tty) this.startTimer();
          else this.print(this.describe());
        }
        if (e.type === 'done') this.clear();
        break;
      }
      case 'iteration-finished':
        this.clear();
        break;
      default:
        break;
    }
  }

  /** Writes a line above the live status line. */
  print(text: string): void {
    if (this.options.quiet) return;
    if (this.tty && this.line) this.out.write('\r\x1b[K');
    this.out.write(`${text}\n`);
    if (this.tty && this.line) this.out.write(this.line);
  }

  private describe(): string {
    if (!this.cell) return '';
    const elapsed = ((Date.now() - this.iterationStart) / 1000).toFixed(1);
    const prefix = this.maxIterations > 1 ? `[iteration ${this.iteration + 1}/${this.maxIterations}] ` : '';
    const first = this.cell.firstLine.length > 60 ? `${this.cell.firstLine.slice(0, 59)}…` : this.cell.firstLine;
    return `${prefix}cell ${this.cell.ordinal}/${this.cell.total || '?'}  ${elapsed}s  ${first}`;
  }

  private startTimer(): void {
    this.redraw();
    if (!this.timer) {
      this.timer = setInterval(() => this.redraw(), 250);
      this.timer.unref();
    }
  }

  private redraw(): void {
    const width = (this.out.columns ?? 100) - 1;
    this.line = this.describe().slice(0, width);
    this.out.write(`\r\x1b[K${this.line}`);
  }

  clear(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.tty && this.line) this.out.write('\r\x1b[K');
    this.line = '';
    this.cell = null;
  }
}

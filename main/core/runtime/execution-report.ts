// Turns the runner's event stream into an ExecutionReport (without scores): cell durations, errors with the
// offending source line, status and message. Runtime-agnostic: the local and the Docker runtime both feed it.
import type {
  CellError,
  CellRun,
  ExecutionReport,
  ExecutionStatus,
  RunnerEvent,
} from '../../../shared/models/execution';
import type { Notebook } from '../../../shared/models/notebook';
import { offendingLine } from '../../../shared/lib/traceback';

type DoneEvent = Extract<RunnerEvent, { type: 'done' }>;

export interface RunningCell {
  cellIndex: number;
  firstLine: string;
  startedAt: number;
}

/** Collects the events of one execution; `buildReport` is called once the runner is gone. */
export class ExecutionTracker {
  readonly events: RunnerEvent[] = [];
  private readonly durations = new Map<number, { durationMs: number; status: 'ok' | 'error' }>();
  private readonly errorEvents: Extract<RunnerEvent, { type: 'error' }>[] = [];
  private readonly started = new Set<number>();
  private running: RunningCell | null = null;
  private doneEvent: DoneEvent | null = null;
  private readonly notes: string[] = [];

  /** `notebook` is the version that was executed, as stored (cell ids and sources for the report) */
  constructor(private readonly notebook: Notebook) {}

  handle(event: RunnerEvent): void {
    // stream text is not kept here: the executed notebook holds it, and a flood would only cost memory
    if (event.type !== 'stream') this.events.push(event);
    switch (event.type) {
      case 'cell-started':
        this.started.add(event.cellIndex);
        this.running = { cellIndex: event.cellIndex, firstLine: event.firstLine, startedAt: Date.now() };
        break;
      case 'cell-finished':
        this.durations.set(event.cellIndex, { durationMs: event.durationMs, status: event.status });
        this.running = null;
        break;
      case 'error':
        this.errorEvents.push(event);
        break;
      case 'note':
        this.notes.push(event.message);
        break;
      case 'done':
        this.doneEvent = event;
        break;
      default:
        break;
    }
  }

  get runningCell(): RunningCell | null {
    return this.running;
  }

  get done(): DoneEvent | null {
    return this.doneEvent;
  }

  get noteMessages(): readonly string[] {
    return this.notes;
  }

  private cellId(cellIndex: number): string | null {
    const id = this.notebook.cells[cellIndex]?.id;
    return typeof id === 'string' ? id : null;
  }

  /** errors in the report's shape; `executed` (when the runner sent it) maps In[n] of tracebacks to cells */
  errors(executed: Notebook | null): CellError[] {
    const byCount = new Map<number, number>();
    (executed ?? this.notebook).cells.forEach((cell, index) => {
      if (cell.cell_type === 'code' && typeof cell.execution_count === 'number')
        byCount.set(cell.execution_count, index);
    });
    return this.errorEvents.map((e) => ({
      cellIndex: e.cellIndex,
      cellId: e.cellId ?? this.cellId(e.cellIndex),
      ename: e.ename,
      evalue: e.evalue,
      traceback: e.traceback,
      line: offendingLine(e.traceback, this.notebook, e.cellIndex, (n) => byCount.get(n)),
      preExisting: false,
    }));
  }

  cells(): CellRun[] {
    const runs: CellRun[] = [];
    this.notebook.cells.forEach((cell, cellIndex) => {
      if (cell.cell_type !== 'code') return;
      const finished = this.durations.get(cellIndex);
      const running = this.running?.cellIndex === cellIndex ? Date.now() - this.running.startedAt : null;
      runs.push({
        cellIndex,
        cellId: this.cellId(cellIndex),
        durationMs: finished?.durationMs ?? running ?? 0,
        status: finished?.status ?? (this.errorEvents.some((e) => e.cellIndex === cellIndex) ? 'error' : 'skipped'),
      });
    });
    return runs;
  }

  /**
   * The report. `outcome` overrides what the events say when the parent ended the run (timeout) or the runner
   * died without a `done` event (crashed).
   */
  buildReport(options: {
    wallTimeMs: number;
    timeoutMs: number;
    filesWritten: string[];
    executed: Notebook | null;
    outcome?: { status: ExecutionStatus; message: string } | null;
  }): ExecutionReport {
    const errors = this.errors(options.executed);
    let status: ExecutionStatus;
    let message: string | null;
    if (options.outcome) {
      status = options.outcome.status;
      message = options.outcome.message;
    } else if (this.doneEvent) {
      status = this.doneEvent.status === 'crashed' ? 'crashed' : errors.length > 0 ? 'error' : 'ok';
      message = this.doneEvent.message;
    } else {
      status = 'crashed';
      message = 'the runner ended without reporting a result';
    }
    return {
      status,
      wallTimeMs: options.wallTimeMs,
      timeoutMs: options.timeoutMs,
      errors,
      cells: this.cells(),
      filesWritten: options.filesWritten,
      scores: [],
      score: null,
      scoreNote: null,
      message,
    };
  }
}

/** "cell 7 (`model.fit(X, y)`)": how messages name the cell that was running. */
export function describeRunningCell(cell: RunningCell | null): string {
  if (!cell) return 'before the first cell started';
  return cell.firstLine ? `cell ${cell.cellIndex} (\`${cell.firstLine}\`)` : `cell ${cell.cellIndex}`;
}

/** "while cell 7 (`model.fit(X, y)`) was running", or "before the first cell started": when a run was ended. */
export function whileRunning(cell: RunningCell | null): string {
  return cell ? `while ${describeRunningCell(cell)} was running` : describeRunningCell(null);
}

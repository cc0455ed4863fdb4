// What both runtimes make of a finished run (local-runtime.ts, docker/docker-runtime.ts): the executed notebook
// the runner reported, the report with the outcome the runtime saw, and the listener that gets the runner's events.
import type { RunnerEvent } from '../../../shared/models/execution';
import { NotebookSchema, type Notebook } from '../../../shared/models/notebook';
import { ExecutionTracker } from './execution-report';
import { restoreSources } from './path-mapping';
import type { TailBuffer } from './runner-protocol';
import type { ExecutionRequest, ExecutionResult } from './runtime';
import { listFilesWritten, type Workspace } from './workspace';

/** Parses the runner's executed notebook; null (and the reason) when it is not a valid notebook. */
export function parseExecutedNotebook(
  text: string,
  original: Notebook,
): { notebook: Notebook | null; problem: string | null } {
  try {
    const parsed = NotebookSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      return { notebook: null, problem: `the executed notebook is not valid: ${parsed.error.message}` };
    return { notebook: restoreSources(parsed.data, original), problem: null };
  } catch (e) {
    return { notebook: null, problem: `the executed notebook is not JSON: ${(e as Error).message}` };
  }
}

/** The executed notebook from the runner's `done` event (if it came) and the notes a report needs about it. */
export function executedFromRun(
  done: { notebook: string } | null,
  original: Notebook,
  invalidLines: readonly string[],
): { executed: Notebook | null; notes: string[] } {
  const notes: string[] = [];
  let executed: Notebook | null = null;
  if (done) {
    const parsed = parseExecutedNotebook(done.notebook, original);
    executed = parsed.notebook;
    if (parsed.problem) notes.push(parsed.problem);
  }
  if (invalidLines.length > 0)
    notes.push(`${invalidLines.length} unreadable line(s) on the event channel: ${invalidLines[0]}`);
  return { executed, notes };
}

export function lastLines(text: string, n: number): string {
  return text.trim().split('\n').slice(-n).join('\n');
}

/** Hands a runner event to the caller's listener; a listener that throws is noted on the run's stderr, not fatal. */
export function notifyListener(
  onEvent: ((event: RunnerEvent) => void) | undefined,
  event: RunnerEvent,
  stderr: TailBuffer,
): void {
  try {
    onEvent?.(event);
  } catch (e) {
    stderr.push(`\n[nbrevive] an event listener failed: ${(e as Error).message}\n`);
  }
}

/**
 * The result of a run whose runner is gone: the executed notebook from its `done` event (when it came), the report
 * with the outcome the runtime saw (timeout, crash, or none), and notes about unreadable output.
 */
export function executionResult(
  tracker: ExecutionTracker,
  request: ExecutionRequest,
  invalidLines: readonly string[],
  workspace: Workspace,
  run: { wallTimeMs: number; timeoutMs: number; outcome: { status: 'timeout' | 'crashed'; message: string } | null },
): ExecutionResult {
  const { executed, notes } = executedFromRun(tracker.done, request.notebook, invalidLines);
  const report = tracker.buildReport({
    wallTimeMs: run.wallTimeMs,
    timeoutMs: run.timeoutMs,
    filesWritten: listFilesWritten(workspace),
    executed,
    outcome: run.outcome,
  });
  if (notes.length > 0) report.message = [report.message, ...notes].filter(Boolean).join('; ');
  return { report, executed, workingDir: workspace.workingDir };
}

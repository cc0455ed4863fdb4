// The TypeScript side of resources/python/nbrevive_runner.py: where the script is, how it is called, and the
// parser for its event channel (one JSON RunnerEvent per line). Shared by the local and the Docker runtime.
import path from 'node:path';
import { findResourceDir, resourceCandidates } from '../resources';
import { RunnerEventSchema, type RunnerEvent } from '../../../shared/models/execution';

export const RUNNER_SCRIPT_NAME = 'nbrevive_runner.py';
/** characters of stream text the runner keeps per cell (in the executed notebook and in stream events) */
export const DEFAULT_OUTPUT_CAP = 1024 * 1024;

/** Folder holding nbrevive_runner.py and nbrevive_kernel.py (source checkout, built app, or packaged app). */
export function pythonResourcesDir(): string {
  const found = findResourceDir('python', RUNNER_SCRIPT_NAME);
  if (!found)
    throw new Error(
      `${RUNNER_SCRIPT_NAME} not found (looked in ${resourceCandidates('python').slice(0, 4).join(', ')}, ...)`,
    );
  return found;
}

export function runnerScriptPath(): string {
  return path.join(pythonResourcesDir(), RUNNER_SCRIPT_NAME);
}

export interface RunnerArgsOptions {
  /** path of the notebook file as the runner sees it */
  notebookPath: string;
  /** kernel working directory as the runner sees it */
  cwd: string;
  /** 3 for a pipe the parent opens (local); 1 for stdout (Docker, where the runner's own stdout is moved to stderr) */
  eventsFd: number;
  outputCap?: number;
  /** the URL map file (url-map.ts KernelUrlMap) as the runner sees it: the kernel serves those URLs */
  urlMapPath?: string;
  /**
   * An fd (0: a stdin pipe) on which a line, or its end, asks the runner to stop and report what ran. A signal alone
   * does not reach a runner started through a wrapper that keeps it as a child (`bwrap`, `conda run`).
   */
  stopFd?: number;
}

/** Arguments after the script path. */
export function runnerArgs(options: RunnerArgsOptions): string[] {
  const args = ['--notebook', options.notebookPath, '--cwd', options.cwd, '--events-fd', String(options.eventsFd)];
  if (options.outputCap !== undefined) args.push('--output-cap', String(options.outputCap));
  if (options.urlMapPath !== undefined) args.push('--url-map', options.urlMapPath);
  if (options.stopFd !== undefined) args.push('--stop-fd', String(options.stopFd));
  return args;
}

/**
 * Splits the event channel into lines and validates each as a RunnerEvent. Lines that are not events (which
 * should not happen: the channel is private) are passed to `onInvalid` instead of being dropped silently.
 */
export class RunnerEventParser {
  private pending: Buffer[] = [];

  constructor(
    private readonly onEvent: (event: RunnerEvent) => void,
    private readonly onInvalid: (line: string, reason: string) => void = () => undefined,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, nl));
      const line = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      start = nl + 1;
      this.parseLine(line);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  /** Call when the channel closes: a last line without its newline is still parsed. */
  end(): void {
    if (this.pending.length === 0) return;
    const line = Buffer.concat(this.pending).toString('utf8');
    this.pending = [];
    this.parseLine(line);
  }

  private parseLine(line: string): void {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.onInvalid(line, 'not JSON');
      return;
    }
    const parsed = RunnerEventSchema.safeParse(json);
    if (parsed.success) this.onEvent(parsed.data);
    else this.onInvalid(line, parsed.error.message);
  }
}

/** Keeps only the last `limit` characters of a stream (the runner's stderr: diagnostics for crash messages). */
export class TailBuffer {
  private text = '';

  constructor(private readonly limit = 64 * 1024) {}

  push(chunk: Buffer | string): void {
    this.text += chunk.toString();
    if (this.text.length > 2 * this.limit) this.text = this.text.slice(-this.limit);
  }

  toString(): string {
    return this.text.slice(-this.limit);
  }
}

// The `local` runtime: executes notebooks with a Python interpreter on this machine (a setting: --python,
// NBREVIVE_PYTHON, or the first detected interpreter with nbclient + ipykernel). Notebook code runs unsandboxed.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import { formatDuration } from '../../../shared/lib/format';
import type { EnvironmentDescription, RunnerEvent, RuntimeCheck } from '../../../shared/models/execution';
import { ExecutionTracker, whileRunning } from './execution-report';
import { descendantSessions, isProcessAlive, killProcessTree, killSessions } from './process-tree';
import { checkPython, describePython } from './python-detect';
import { DEFAULT_OUTPUT_CAP, RunnerEventParser, runnerArgs, runnerScriptPath, TailBuffer } from './runner-protocol';
import type { ExecutionRequest, ExecutionResult, Runtime } from './runtime';
import { kernelUrlMap, writeKernelUrlMap } from './url-map';
import { prepareWorkspace } from './workspace';
import { executionResult, lastLines, notifyListener } from './run-result';
import { kernelEnvironment, scrubDeep, secretValues } from './kernel-env';

export const DEFAULT_TIMEOUT_MS = 600_000;
/** how long the runner gets to report the cells that ran after a stop request, before its tree is killed */
const STOP_GRACE_MS = 3_000;

export interface LocalRuntimeOptions {
  /** interpreter path; default NBREVIVE_PYTHON, else /usr/bin/python3 when present, else `python3` */
  python?: string;
  /** characters of stream output kept per cell */
  outputCap?: number;
  /** the user's URL map (URL → local file), served inside the kernel after the case's data.urls */
  urlMap?: Record<string, string>;
}

/** The interpreter setting when none is given: NBREVIVE_PYTHON, the system Python, or `python3` on PATH. */
export function defaultPythonSetting(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NBREVIVE_PYTHON) return env.NBREVIVE_PYTHON;
  return fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/** A runner that ended without its `done` event: how it ended, the cell it was in, and the tail of its stderr. */
function crashOutcome(
  exit: RunnerExit,
  tracker: ExecutionTracker,
  stderr: TailBuffer,
): { status: 'crashed'; message: string } {
  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const tail = lastLines(stderr.toString(), 15);
  return {
    status: 'crashed',
    message:
      `the runner ${how} ${whileRunning(tracker.runningCell)}, without reporting a result` + (tail ? `:\n${tail}` : ''),
  };
}

interface RunnerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

/** Why the runtime stopped a run: the time limit, or the caller's cancellation (null while neither happened). */
interface StopReasons {
  timeout: { status: 'timeout'; message: string } | null;
  cancelMessage: string | null;
}

/**
 * Stops the runner at the time limit or on the caller's abort: a line on its stop channel (its stdin), so it reports
 * the cells that ran, then its whole tree after STOP_GRACE_MS. The channel, not SIGTERM: a wrapper that starts
 * Python as its child (`bwrap`, `conda run`) dies of the signal without passing it on, and the cells that ran would
 * be lost. SIGTERM only where the channel is gone. `stopped` says why; dispose() clears the timers and the listener.
 */
function watchRun(
  runner: ChildProcess,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  tracker: ExecutionTracker,
): { stopped: StopReasons; dispose(): void } {
  const runnerPid = runner.pid;
  const stopped: StopReasons = { timeout: null, cancelMessage: null };
  let graceTimer: NodeJS.Timeout | null = null;
  const stop = (): void => {
    if (graceTimer || runnerPid === undefined) return;
    const channel = runner.stdin;
    if (channel?.writable) channel.write('stop\n');
    else
      try {
        process.kill(runnerPid, 'SIGTERM');
      } catch {
        // already gone
      }
    graceTimer = setTimeout(() => void killProcessTree(runnerPid), STOP_GRACE_MS);
  };
  const timer = setTimeout(() => {
    const limit = formatDuration(timeoutMs);
    stopped.timeout = {
      status: 'timeout',
      message: `the notebook exceeded the time limit of ${limit}: stopped ${whileRunning(tracker.runningCell)}`,
    };
    stop();
  }, timeoutMs);
  const onAbort = (): void => {
    stopped.cancelMessage ??= `the execution was cancelled ${whileRunning(tracker.runningCell)}`;
    stop();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stopped,
    dispose(): void {
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Nothing of a run may survive it, whatever happened: the runner's tree and the kernel's sessions are killed. */
async function reapRun(runnerPid: number | undefined, sessions: Set<number>, closed: Promise<void>): Promise<void> {
  if (runnerPid !== undefined && isProcessAlive(runnerPid)) await killProcessTree(runnerPid);
  await killSessions([...sessions]);
  // the pipes close right after the tree is gone; the timer is cleared so it cannot hold the process open
  let closeTimer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (closeTimer = setTimeout(resolve, 2_000)))]);
  clearTimeout(closeTimer);
}

export class LocalRuntime implements Runtime {
  readonly kind = 'local' as const;
  readonly python: string;
  private readonly outputCap: number;
  private readonly urlMap: Record<string, string>;
  private checked: Promise<RuntimeCheck> | null = null;

  constructor(options: LocalRuntimeOptions = {}) {
    this.python = options.python ?? defaultPythonSetting();
    this.outputCap = options.outputCap ?? DEFAULT_OUTPUT_CAP;
    this.urlMap = options.urlMap ?? {};
  }

  /** Probes the interpreter; the first execute() reuses the answer, so `run` probes Python once, not twice. */
  check(): Promise<RuntimeCheck> {
    const checking = checkPython(this.python).then((result): RuntimeCheck =>
      result.ok
        ? { ok: true, message: `${result.message}; notebook code runs unsandboxed, with your user's rights` }
        : { ok: false, message: result.message },
    );
    this.checked = checking;
    return checking;
  }

  async describe(): Promise<EnvironmentDescription> {
    const [info, gpus] = await Promise.all([describePython(this.python), nvidiaGpus()]);
    return {
      runtime: 'local',
      python: info.python,
      pythonPath: info.executable,
      image: null,
      packages: info.packages,
      gpus,
    };
  }

  async execute(request: ExecutionRequest, onEvent?: (event: RunnerEvent) => void): Promise<ExecutionResult> {
    await this.requireUsable();
    const timeoutMs = request.timeoutMs > 0 ? request.timeoutMs : DEFAULT_TIMEOUT_MS;
    if (request.signal?.aborted) throw new NbreviveError('cancelled', 'the execution was cancelled before it started');

    const workspace = prepareWorkspace(request, { urlMap: this.urlMap });
    const notebookPath = path.join(workspace.jobDir, '.nbrevive-run.ipynb');
    fs.writeFileSync(notebookPath, JSON.stringify(workspace.notebookForRun));
    // this machine's network, whatever it is: unmapped URLs are fetched, and a failure says how to map them
    const urlMapPath = path.join(workspace.jobDir, '.nbrevive-urls.json');
    writeKernelUrlMap(urlMapPath, kernelUrlMap(workspace.servedUrls, true));
    const tracker = new ExecutionTracker(request.notebook);
    const stderr = new TailBuffer();
    const invalidLines: string[] = [];
    const sessions = new Set<number>();
    const startedAt = Date.now();

    const runner = this.spawnRunner(workspace.workingDir, notebookPath, urlMapPath);
    const runnerPid = runner.child.pid;
    // a notebook that prints a secret this process knows (an API key) must not have it stored: scrubbed on arrival
    const secrets = secretValues();
    const parser = new RunnerEventParser(
      (received) => {
        const event = scrubDeep(received, secrets);
        tracker.handle(event);
        if (event.type === 'cell-started' && runnerPid !== undefined) {
          // remember the kernel's session: if the runner dies, its orphans are found through it
          for (const sid of descendantSessions(runnerPid)) sessions.add(sid);
        }
        notifyListener(onEvent, event, stderr);
      },
      (line, reason) => invalidLines.push(`${reason}: ${line.slice(0, 200)}`),
    );
    runner.child.stdio[3]?.on('data', (chunk: Buffer) => parser.push(chunk));
    runner.child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));

    const watch = watchRun(runner.child, timeoutMs, request.signal, tracker);
    let exit: RunnerExit;
    try {
      exit = await runner.exited;
    } finally {
      watch.dispose();
      runner.child.stdin?.destroy();
      await reapRun(runnerPid, sessions, runner.closed);
      parser.end();
      fs.rmSync(notebookPath, { force: true });
      fs.rmSync(urlMapPath, { force: true });
    }
    const wallTimeMs = Date.now() - startedAt;

    if (exit.error) {
      throw new NbreviveError(
        'runtime-unavailable',
        `could not start ${this.python}: ${exit.error.message}; check --python or NBREVIVE_PYTHON`,
      );
    }
    if (watch.stopped.cancelMessage) throw new NbreviveError('cancelled', watch.stopped.cancelMessage, { wallTimeMs });

    const timeout = watch.stopped.timeout;
    const crash = timeout || tracker.done ? null : crashOutcome(exit, tracker, stderr);
    const result = executionResult(tracker, request, invalidLines, workspace, {
      wallTimeMs,
      timeoutMs,
      outcome: timeout ?? crash,
    });
    return { ...result, report: scrubDeep(result.report, secrets) };
  }

  /** The interpreter's probe (the first answer is reused): throws when it cannot run notebooks, to probe again. */
  private async requireUsable(): Promise<void> {
    this.checked ??= this.check();
    const check = await this.checked;
    if (!check.ok) {
      this.checked = null;
      throw new NbreviveError('runtime-unavailable', check.message);
    }
  }

  /** Starts the runner (its events on fd 3); `exited` resolves when it ends, `closed` when its pipes close. */
  private spawnRunner(
    workingDir: string,
    notebookPath: string,
    urlMapPath: string,
  ): { child: ChildProcess; exited: Promise<RunnerExit>; closed: Promise<void> } {
    const child = spawn(
      this.python,
      [
        runnerScriptPath(),
        ...runnerArgs({
          notebookPath,
          cwd: workingDir,
          eventsFd: 3,
          outputCap: this.outputCap,
          urlMapPath,
          stopFd: 0,
        }),
      ],
      {
        cwd: workingDir,
        // its own process group and session: a terminal's Ctrl-C reaches us, and we decide what to stop
        detached: true,
        // stdin: the stop channel (watchRun); a wrapper between us and the runner passes it on, where it may not
        // pass on a signal
        stdio: ['pipe', 'ignore', 'pipe', 'pipe'],
        // an allowlist, never the host's secrets (kernel-env.ts)
        env: { ...kernelEnvironment(), PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' },
      },
    );
    const exited = new Promise<RunnerExit>((resolve) => {
      child.once('exit', (code, sig) => resolve({ code, signal: sig }));
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
    });
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    // a stop request written after the runner ended fails with EPIPE: nothing left to stop
    child.stdin?.on('error', () => undefined);
    return { child, exited, closed };
  }

  runPython(script: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<string> {
    return runPythonScript(this.python, script, args, options);
  }
}

/**
 * Runs `script` (fed on stdin) with `args`; resolves with stdout, rejects with stderr's tail; kills its tree on
 * timeout.
 */
export function runPythonScript(
  python: string,
  script: string,
  args: string[],
  options: { cwd: string; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-', ...args], {
      cwd: options.cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: kernelEnvironment(),
    });
    const out: Buffer[] = [];
    const err = new TailBuffer(16 * 1024);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) void killProcessTree(child.pid);
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined); // the script may exit before reading all of stdin
    child.stdin.end(script);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(
        new NbreviveError(
          'runtime-unavailable',
          `could not start ${python}: ${e.message}; check --python or NBREVIVE_PYTHON`,
        ),
      );
    });
    child.once('close', (code, sig) => {
      clearTimeout(timer);
      if (timedOut)
        reject(
          new NbreviveError(
            'internal',
            `the Python script ran longer than ${formatDuration(options.timeoutMs)} and was stopped`,
          ),
        );
      else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new NbreviveError(
            'internal',
            `the Python script failed (${sig ? `killed by ${sig}` : `exit code ${code}`}): ` +
              lastLines(err.toString(), 10),
          ),
        );
    });
  });
}

/** GPU names from nvidia-smi, or none when it is absent. */
function nvidiaGpus(): Promise<string[]> {
  return new Promise((resolve) => {
    execFile('nvidia-smi', ['--query-gpu=name', '--format=csv,noheader'], { timeout: 5_000 }, (error, stdout) => {
      resolve(
        error
          ? []
          : stdout
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean),
      );
    });
  });
}

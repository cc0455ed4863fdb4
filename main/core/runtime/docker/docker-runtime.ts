// The Docker runtime: executes a notebook with nbrevive's Python runner inside a container of a chosen image, in
// Kaggle's layout (data read-only at /kaggle/input = ../input, cwd /kaggle/working), as a non-root user with the
// network off and memory/CPU/pids/shm limits, optionally with NVIDIA GPUs. The container is the sandbox for the
// notebook's untrusted code and is removed after every run.
import fs from 'node:fs';
import path from 'node:path';
import { NbreviveError } from '../../../../shared/lib/errors';
import {
  type EnvironmentDescription,
  type ExecutionReport,
  type RunnerEvent,
  RunnerEventSchema,
  type RuntimeCheck,
} from '../../../../shared/models/execution';
import { type Notebook, NotebookSchema } from '../../../../shared/models/notebook';
import type { ExecutionRequest, ExecutionResult, Runtime } from '../runtime';
import {
  CONTAINER_INPUT_DIR,
  CONTAINER_JOB_DIR,
  CONTAINER_LABEL,
  CONTAINER_RUNNER_DIR,
  CONTAINER_WORKING_DIR,
  type ContainerLimits,
  type ContainerSpec,
  DEFAULT_LIMITS,
  containerCreateOptions,
} from './container-config';
import { cancelledError, runContainer } from './container-run';
import { type EngineConnection, type EngineInfo, connectEngine, engineInfo, requireImage } from './engine';
import { type GpuAllocator, type GpuRequest, NO_GPUS, detectNvidia, formatGpuRequest, noNvidiaRuntimeError } from './gpu';
import { resolveImageName } from './images';

export interface DockerRuntimeSettings {
  /** image reference or preset name (kaggle, kaggle-gpu, nbrevive) */
  image: string;
  /** engine address; default DOCKER_HOST, else /var/run/docker.sock */
  host?: string;
  gpus?: GpuRequest;
  /** shares the machine's GPUs among concurrent jobs; without it `gpus` goes to the engine as is */
  gpuAllocator?: GpuAllocator;
  /** network inside the container (off by default: notebooks are untrusted code) */
  network?: boolean;
  limits?: Partial<ContainerLimits>;
  /** "uid:gid" the notebook runs as; default: the calling user, or 1000:1000 when that is root */
  user?: string;
  /** the folder holding nbrevive_runner.py (default resources/python) */
  runnerDir?: string;
}

const DEFAULT_RUNNER_DIR = path.resolve(import.meta.dirname, '../../../../resources/python');
const STDERR_KEEP = 64 * 1024;

/** describe() results per image id (+ GPU request): an image's packages do not change under the same id */
const descriptions = new Map<string, Promise<EnvironmentDescription>>();

const DESCRIBE_SCRIPT = `
import json, platform, subprocess, sys
from importlib import metadata
packages = {}
for dist in metadata.distributions():
    name = (dist.metadata.get('Name') or '').strip().lower().replace('_', '-')
    if name and name not in packages:
        packages[name] = dist.version
gpus = []
try:
    out = subprocess.run(['nvidia-smi', '--query-gpu=name', '--format=csv,noheader'], capture_output=True, text=True, timeout=20)
    gpus = [l.strip() for l in out.stdout.splitlines() if l.strip()] if out.returncode == 0 else []
except Exception:
    pass
print(json.dumps({'python': platform.python_version(), 'executable': sys.executable, 'packages': packages, 'gpus': gpus}))
`;

export class DockerRuntime implements Runtime {
  readonly kind = 'docker' as const;
  readonly image: string;
  private readonly connection: EngineConnection;
  private info: Promise<EngineInfo> | null = null;

  constructor(readonly settings: DockerRuntimeSettings) {
    this.image = resolveImageName(settings.image);
    this.connection = connectEngine(settings.host);
  }

  get address(): string {
    return this.connection.address;
  }

  private engine(): Promise<EngineInfo> {
    this.info ??= engineInfo(this.connection).catch((e) => {
      this.info = null;
      throw e;
    });
    return this.info;
  }

  async check(): Promise<RuntimeCheck> {
    try {
      const info = await this.engine();
      const gpus = this.settings.gpus ?? NO_GPUS;
      const nvidia = detectNvidia(info);
      if (gpus.kind !== 'none' && !nvidia.available) throw noNvidiaRuntimeError(gpus, this.connection.address);
      const image = await requireImage(this.connection, this.image);
      const size = `${(image.Size / 1024 ** 3).toFixed(1)} GB`;
      const gpuText = gpus.kind === 'none' ? 'no GPUs' : `GPUs ${formatGpuRequest(gpus)} via ${nvidia.via.join('+')}`;
      return {
        ok: true,
        message: `Docker ${info.serverVersion} at ${this.connection.address}; image ${this.image} (${image.Id.slice(7, 19)}, ${size}); ${gpuText}; network ${this.settings.network ? 'on' : 'off'}`,
      };
    } catch (error) {
      if (error instanceof NbreviveError) return { ok: false, message: error.message };
      throw error;
    }
  }

  async describe(): Promise<EnvironmentDescription> {
    const image = await requireImage(this.connection, this.image);
    const gpus = this.settings.gpus ?? NO_GPUS;
    const key = `${this.connection.address} ${image.Id} ${formatGpuRequest(gpus)}`;
    let description = descriptions.get(key);
    if (!description) {
      description = this.runScript(DESCRIBE_SCRIPT, [], { timeoutMs: 180_000, gpus }).then((stdout) => {
        const parsed = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
          python: string;
          executable: string;
          packages: Record<string, string>;
          gpus: string[];
        };
        return {
          runtime: 'docker' as const,
          python: parsed.python,
          pythonPath: parsed.executable,
          image: this.image,
          packages: parsed.packages,
          gpus: parsed.gpus,
        };
      });
      descriptions.set(key, description);
      description.catch(() => descriptions.delete(key));
    }
    return description;
  }

  async execute(request: ExecutionRequest, onEvent?: (event: RunnerEvent) => void): Promise<ExecutionResult> {
    if (request.signal?.aborted) throw cancelledError();
    const layout = prepareJobDir(request);
    const user = this.containerUser();
    chownForContainer(layout.workingDir, user);
    const lease = this.settings.gpuAllocator?.acquire(this.settings.gpus ?? NO_GPUS);
    const gpus: GpuRequest = lease && lease.ids.length > 0 ? { kind: 'devices', ids: lease.ids } : (this.settings.gpus ?? NO_GPUS);
    try {
      const spec = await this.spec({
        user,
        gpus,
        workingDir: CONTAINER_WORKING_DIR,
        cmd: [
          'python3',
          `${CONTAINER_RUNNER_DIR}/nbrevive_runner.py`,
          '--notebook', `${CONTAINER_JOB_DIR}/notebook.ipynb`,
          '--cwd', CONTAINER_WORKING_DIR,
          '--events-fd', '1',
        ],
        mounts: [
          { host: layout.inputDir, container: CONTAINER_INPUT_DIR, readOnly: true },
          { host: layout.workingDir, container: CONTAINER_WORKING_DIR, readOnly: false },
          { host: layout.controlDir, container: CONTAINER_JOB_DIR, readOnly: true },
          { host: this.settings.runnerDir ?? DEFAULT_RUNNER_DIR, container: CONTAINER_RUNNER_DIR, readOnly: true },
        ],
        labels: { 'io.nbrevive.job': path.basename(request.jobDir) },
      });
      const events = new EventCollector(onEvent);
      let stderr = '';
      const run = await runContainer(this.connection, containerCreateOptions(spec), {
        onStdout: (chunk) => events.push(chunk),
        onStderr: (chunk) => {
          stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
        },
        timeoutMs: request.timeoutMs,
        signal: request.signal,
      });
      events.end();
      if (run.cancelled) throw cancelledError();
      const report = events.report(request, run.wallTimeMs);
      if (run.timedOut) {
        report.status = 'timeout';
        report.message = `the notebook ran longer than the ${Math.round(request.timeoutMs / 1000)} s limit: its container was stopped`;
      } else if (!events.done) {
        report.status = 'crashed';
        report.message = run.oomKilled
          ? `the container ran out of memory (limit ${(spec.limits.memoryBytes / 1024 ** 3).toFixed(1)} GiB): raise the memory limit`
          : `the runner ended without reporting (exit code ${run.exitCode}): ${lastLines(stderr)}`;
      } else if (run.oomKilled && report.status !== 'crashed') {
        report.status = 'crashed';
        report.message = `the container ran out of memory (limit ${(spec.limits.memoryBytes / 1024 ** 3).toFixed(1)} GiB)`;
      }
      report.filesWritten = filesWritten(layout.workingDir, layout.mappedFiles);
      return { report, executed: events.executed, workingDir: layout.workingDir };
    } finally {
      lease?.release();
    }
  }

  async runPython(script: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<string> {
    return this.runScript(script, args, options);
  }

  /** Runs `python3 -c script args` in a container; cwd (and absolute path arguments) are mounted at the same path. */
  private async runScript(script: string, args: string[], options: { cwd?: string; timeoutMs: number; gpus?: GpuRequest }): Promise<string> {
    const mounts: ContainerSpec['mounts'] = [];
    if (options.cwd) mounts.push({ host: path.resolve(options.cwd), container: path.resolve(options.cwd), readOnly: false });
    for (const arg of args) {
      if (!path.isAbsolute(arg) || !fs.existsSync(arg)) continue;
      if (mounts.some((m) => arg === m.host || arg.startsWith(`${m.host}/`))) continue;
      mounts.push({ host: arg, container: arg, readOnly: true });
    }
    const spec = await this.spec({
      user: this.containerUser(),
      gpus: options.gpus ?? NO_GPUS,
      workingDir: options.cwd ? path.resolve(options.cwd) : '/tmp',
      cmd: ['python3', '-c', script, ...args],
      mounts,
      labels: {},
    });
    let stdout = '';
    let stderr = '';
    const run = await runContainer(this.connection, containerCreateOptions(spec), {
      onStdout: (c) => (stdout += c.toString('utf8')),
      onStderr: (c) => (stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP)),
      timeoutMs: options.timeoutMs,
      graceMs: 1_000,
    });
    if (run.timedOut) throw new NbreviveError('internal', `a Python script in ${this.image} ran longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`);
    if (run.exitCode !== 0) throw new NbreviveError('internal', `a Python script in ${this.image} failed (exit code ${run.exitCode}): ${lastLines(stderr)}`);
    return stdout;
  }

  private async spec(parts: Pick<ContainerSpec, 'user' | 'gpus' | 'workingDir' | 'cmd' | 'mounts' | 'labels'>): Promise<ContainerSpec> {
    const info = await this.engine();
    if (parts.gpus.kind !== 'none' && !detectNvidia(info).available) throw noNvidiaRuntimeError(parts.gpus, this.connection.address);
    const limits = { ...DEFAULT_LIMITS, ...this.settings.limits };
    // the default memory limit never exceeds what the engine's machine has
    if (this.settings.limits?.memoryBytes === undefined && info.memoryBytes > 0) limits.memoryBytes = Math.min(limits.memoryBytes, info.memoryBytes);
    return {
      ...parts,
      image: this.image,
      limits,
      network: this.settings.network ?? false,
      env: { PYTHONDONTWRITEBYTECODE: '1' },
      labels: { [CONTAINER_LABEL]: '1', ...parts.labels },
    };
  }

  private containerUser(): string {
    if (this.settings.user) return this.settings.user;
    const uid = process.getuid?.() ?? 1000;
    const gid = process.getgid?.() ?? 1000;
    return uid === 0 ? '1000:1000' : `${uid}:${gid}`;
  }
}

interface JobLayout {
  inputDir: string;
  workingDir: string;
  /** holds the notebook the runner reads (mounted read-only, outside the working dir) */
  controlDir: string;
  /** working-dir-relative paths of the case's mapped files (not counted as written) */
  mappedFiles: Set<string>;
}

/** Lays out the job folder: input/ (the case data, or empty), working/ with the case's file mappings, the notebook. */
function prepareJobDir(request: ExecutionRequest): JobLayout {
  const jobDir = path.resolve(request.jobDir);
  const workingDir = path.join(jobDir, 'working');
  const controlDir = path.join(jobDir, 'docker');
  fs.mkdirSync(workingDir, { recursive: true });
  fs.mkdirSync(controlDir, { recursive: true });
  let inputDir = request.case.dataDir;
  if (!inputDir) {
    inputDir = path.join(jobDir, 'input');
    fs.mkdirSync(inputDir, { recursive: true });
  }
  const mappedFiles = new Set<string>();
  for (const [target, source] of Object.entries(request.case.files)) {
    const inWorking = path.resolve(CONTAINER_WORKING_DIR, target);
    if (!inWorking.startsWith(`${CONTAINER_WORKING_DIR}/`)) continue; // /kaggle/input/… is the data dir itself
    const rel = path.relative(CONTAINER_WORKING_DIR, inWorking);
    const dest = path.join(workingDir, rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    // a copy, not a link: a symlink to a host path would dangle inside the container
    fs.copyFileSync(source, dest, fs.constants.COPYFILE_FICLONE);
    mappedFiles.add(rel);
  }
  for (const dir of request.case.dirs) fs.mkdirSync(path.join(workingDir, dir), { recursive: true });
  fs.writeFileSync(path.join(controlDir, 'notebook.ipynb'), JSON.stringify(request.notebook));
  return { inputDir, workingDir, controlDir, mappedFiles };
}

/** The working dir must be writable by the container's user; as root we hand it over (as a user, it is ours already). */
function chownForContainer(dir: string, user: string): void {
  if (process.getuid?.() !== 0) return;
  const [uid, gid] = user.split(':').map(Number);
  if (uid === undefined || Number.isNaN(uid)) return;
  const g = gid === undefined || Number.isNaN(gid) ? uid : gid;
  const walk = (p: string) => {
    fs.lchownSync(p, uid, g);
    if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
}

function filesWritten(workingDir: string, mapped: Set<string>): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const rel = path.relative(workingDir, full);
        if (!mapped.has(rel)) out.push(rel);
      }
    }
  };
  walk(workingDir);
  return out.sort();
}

function lastLines(text: string, n = 8): string {
  const lines = text.trim().split('\n').slice(-n).join('\n');
  return lines || '(no output on stderr)';
}

/** Splits the container's stdout into runner events (one JSON object per line) and folds them into a report. */
class EventCollector {
  private buffer = '';
  private readonly decoder = new TextDecoder('utf-8');
  readonly events: RunnerEvent[] = [];
  done: Extract<RunnerEvent, { type: 'done' }> | null = null;
  executed: Notebook | null = null;

  constructor(private readonly onEvent?: (event: RunnerEvent) => void) {}

  push(chunk: Buffer): void {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      this.line(line);
    }
  }

  end(): void {
    this.buffer += this.decoder.decode();
    if (this.buffer.trim()) this.line(this.buffer);
    this.buffer = '';
  }

  private line(text: string): void {
    if (!text.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not an event (the runner's channel carries only events; anything else is noise)
    }
    const event = RunnerEventSchema.safeParse(parsed);
    if (!event.success) return;
    this.events.push(event.data);
    if (event.data.type === 'done') {
      this.done = event.data;
      const nb = NotebookSchema.safeParse(JSON.parse(event.data.notebook));
      this.executed = nb.success ? nb.data : null;
    }
    this.onEvent?.(event.data);
  }

  report(request: ExecutionRequest, wallTimeMs: number): ExecutionReport {
    const errors: ExecutionReport['errors'] = [];
    const cells: ExecutionReport['cells'] = [];
    for (const e of this.events) {
      if (e.type === 'error') {
        errors.push({ cellIndex: e.cellIndex, cellId: e.cellId, ename: e.ename, evalue: e.evalue, traceback: e.traceback, line: null, preExisting: false });
      } else if (e.type === 'cell-finished') {
        cells.push({ cellIndex: e.cellIndex, cellId: e.cellId, durationMs: e.durationMs, status: e.status });
      }
    }
    return {
      status: this.done?.status ?? 'crashed',
      wallTimeMs,
      timeoutMs: request.timeoutMs,
      errors,
      cells,
      filesWritten: [],
      scores: [],
      score: null,
      scoreNote: null,
      message: this.done?.message ?? null,
    };
  }
}

// The Docker runtime: executes a notebook with nbrevive's Python runner inside a container of a chosen image, in
// Kaggle's layout (data read-only at /kaggle/input = ../input, cwd /kaggle/working), as a non-root user with the
// network off and memory/CPU/pids/shm limits, optionally with NVIDIA GPUs. The container is the sandbox for the
// notebook's untrusted code and is removed after every run.
import fs from 'node:fs';
import path from 'node:path';
import { NbreviveError } from '../../../../shared/lib/errors';
import type { EnvironmentDescription, RunnerEvent, RuntimeCheck } from '../../../../shared/models/execution';
import { ExecutionTracker, whileRunning } from '../execution-report';
import { DEFAULT_TIMEOUT_MS } from '../local-runtime';
import { executionResult, lastLines, notifyListener } from '../run-result';
import { DESCRIBED_PACKAGES } from '../python-detect';
import { RUNNER_SCRIPT_NAME, RunnerEventParser, TailBuffer, pythonResourcesDir, runnerArgs } from '../runner-protocol';
import type { ExecutionRequest, ExecutionResult, Runtime } from '../runtime';
import { kernelUrlMap, writeKernelUrlMap } from '../url-map';
import { prepareWorkspace, type Workspace } from '../workspace';
import {
  CONTAINER_EXTRA_DIR,
  CONTAINER_INPUT_DIR,
  CONTAINER_JOB_DIR,
  CONTAINER_LABEL,
  CONTAINER_RUNNER_DIR,
  CONTAINER_URLS_DIR,
  CONTAINER_WORKING_DIR,
  type ContainerLimits,
  type ContainerSpec,
  DEFAULT_LIMITS,
  JOB_DIR_LABEL,
  JOB_LABEL,
  containerCreateOptions,
} from './container-config';
import { removeStaleContainers, runContainer } from './container-run';
import { type EngineConnection, type EngineInfo, connectEngine, engineInfo, requireImage } from './engine';
import {
  type GpuAllocator,
  type GpuRequest,
  NO_GPUS,
  detectNvidia,
  formatGpuRequest,
  noNvidiaRuntimeError,
} from './gpu';
import { resolveImageName } from './images';
import { chownForContainer, containerOutcome, kernelPathMapper } from './container-job';

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
  /** the folder holding nbrevive_runner.py (default: resources/python, as the local runtime finds it) */
  runnerDir?: string;
  /** characters of stream output the runner keeps per cell */
  outputCap?: number;
  /** the user's URL map (URL → local file): each copy is mounted read-only and served inside the kernel */
  urlMap?: Record<string, string>;
}
const STDERR_KEEP = 64 * 1024;

/** describe() results per image id (+ GPU request): an image's packages do not change under the same id */
const descriptions = new Map<string, Promise<EnvironmentDescription>>();

// the local runtime's description (same packages, read from their metadata) plus the GPUs the container sees
const DESCRIBE_SCRIPT = `
import json, subprocess, sys
from importlib import metadata
packages = {}
for name in sys.argv[1:]:
    try:
        packages[name.lower()] = metadata.version(name)
    except Exception:
        pass
gpus = []
try:
    out = subprocess.run(['nvidia-smi', '--query-gpu=name', '--format=csv,noheader'], capture_output=True, text=True, timeout=20)
    gpus = [l.strip() for l in out.stdout.splitlines() if l.strip()] if out.returncode == 0 else []
except Exception:
    pass
print(json.dumps({'python': sys.version.split()[0], 'executable': sys.executable, 'packages': packages, 'gpus': gpus}))
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
        message:
          `Docker ${info.serverVersion} at ${this.connection.address}; image ${this.image} ` +
          `(${image.Id.slice(7, 19)}, ${size}); ${gpuText}; network ${this.settings.network ? 'on' : 'off'}`,
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
      description = this.runScript(DESCRIBE_SCRIPT, [...DESCRIBED_PACKAGES], { timeoutMs: 180_000, gpus }).then(
        (stdout) => {
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
        },
      );
      descriptions.set(key, description);
      description.catch(() => descriptions.delete(key));
    }
    return description;
  }

  async execute(request: ExecutionRequest, onEvent?: (event: RunnerEvent) => void): Promise<ExecutionResult> {
    if (request.signal?.aborted) throw new NbreviveError('cancelled', 'the execution was cancelled before it started');
    const timeoutMs = request.timeoutMs > 0 ? request.timeoutMs : DEFAULT_TIMEOUT_MS;
    const jobDir = path.resolve(request.jobDir);
    const { workspace, controlDir, urlMounts, user } = this.prepareContainerJob(request, jobDir);

    const lease = this.settings.gpuAllocator?.acquire(this.settings.gpus ?? NO_GPUS);
    const gpus: GpuRequest =
      lease && lease.ids.length > 0 ? { kind: 'devices', ids: lease.ids } : (this.settings.gpus ?? NO_GPUS);
    const tracker = new ExecutionTracker(request.notebook);
    const stderr = new TailBuffer();
    const invalidLines: string[] = [];
    const parser = new RunnerEventParser(
      (event) => {
        tracker.handle(event);
        notifyListener(onEvent, event, stderr);
      },
      (line, reason) => invalidLines.push(`${reason}: ${line.slice(0, 200)}`),
    );
    try {
      const spec = await this.spec(this.runnerContainer({ workspace, controlDir, urlMounts, user, gpus, jobDir }));
      // a worker killed mid-run leaves its container running into this job's folder: end it before resuming
      const stale = await removeStaleContainers(this.connection, `${JOB_LABEL}=${path.basename(jobDir)}`);
      if (stale > 0)
        stderr.push(
          `[nbrevive] removed ${stale} container${stale === 1 ? '' : 's'} a previous run of this job left behind\n`,
        );
      const run = await runContainer(this.connection, containerCreateOptions(spec), {
        onStdout: (chunk) => parser.push(chunk),
        onStderr: (chunk) => stderr.push(chunk),
        timeoutMs,
        signal: request.signal,
      });
      parser.end();
      if (run.cancelled) {
        throw new NbreviveError(
          'cancelled',
          `the execution was cancelled ${whileRunning(tracker.runningCell)}; its container was removed`,
          {
            wallTimeMs: run.wallTimeMs,
          },
        );
      }
      const outcome = containerOutcome(run, tracker, stderr, spec.limits.memoryBytes, timeoutMs);
      return executionResult(tracker, request, invalidLines, workspace, {
        wallTimeMs: run.wallTimeMs,
        timeoutMs,
        outcome,
      });
    } finally {
      lease?.release();
      fs.rmSync(controlDir, { recursive: true, force: true });
    }
  }

  /**
   * The job's folders for a container: the workspace in Kaggle's layout (paths as the kernel sees them), a control
   * folder with the notebook to run and the URL map, the mounts of the user's URL files, and the user the notebook
   * runs as (owning what it may write).
   */
  private prepareContainerJob(
    request: ExecutionRequest,
    jobDir: string,
  ): { workspace: Workspace; controlDir: string; urlMounts: Map<string, string>; user: string } {
    const toKernelPath = kernelPathMapper(jobDir);
    const workspace = prepareWorkspace(request, {
      toKernelPath,
      rewriteKaggle: false,
      urlMap: this.settings.urlMap,
      urlFileKernelPath: (hostPath, index) =>
        `${CONTAINER_URLS_DIR}/${index}-${path.basename(hostPath).replace(/[^A-Za-z0-9._-]/g, '_')}`,
    });
    const controlDir = path.join(jobDir, '.nbrevive-docker');
    fs.rmSync(controlDir, { recursive: true, force: true });
    fs.mkdirSync(controlDir, { recursive: true });
    fs.writeFileSync(path.join(controlDir, 'notebook.ipynb'), JSON.stringify(workspace.notebookForRun));
    // without network, unmapped URLs fail at once with a message naming them (no DNS timeouts)
    writeKernelUrlMap(
      path.join(controlDir, 'urls.json'),
      kernelUrlMap(workspace.servedUrls, this.settings.network ?? false),
    );
    const urlMounts = new Map<string, string>();
    for (const served of workspace.servedUrls) {
      if (served.kernelPath.startsWith(`${CONTAINER_URLS_DIR}/`)) urlMounts.set(served.kernelPath, served.hostPath);
    }
    fs.mkdirSync(workspace.extraDir, { recursive: true });
    const user = this.containerUser();
    chownForContainer(workspace.workingDir, user);
    chownForContainer(workspace.extraDir, user);
    return { workspace, controlDir, urlMounts, user };
  }

  /** The runner's container: its command line, the job's mounts (data read-only) and the labels that find it again. */
  private runnerContainer(job: {
    workspace: Workspace;
    controlDir: string;
    urlMounts: Map<string, string>;
    user: string;
    gpus: GpuRequest;
    jobDir: string;
  }): Pick<ContainerSpec, 'user' | 'gpus' | 'workingDir' | 'cmd' | 'mounts' | 'labels'> {
    const { workspace, controlDir, urlMounts, jobDir } = job;
    return {
      user: job.user,
      gpus: job.gpus,
      workingDir: CONTAINER_WORKING_DIR,
      cmd: [
        'python3',
        `${CONTAINER_RUNNER_DIR}/${RUNNER_SCRIPT_NAME}`,
        ...runnerArgs({
          notebookPath: `${CONTAINER_JOB_DIR}/notebook.ipynb`,
          cwd: CONTAINER_WORKING_DIR,
          eventsFd: 1,
          outputCap: this.settings.outputCap,
          urlMapPath: `${CONTAINER_JOB_DIR}/urls.json`,
        }),
      ],
      mounts: [
        { host: workspace.inputDir, container: CONTAINER_INPUT_DIR, readOnly: true },
        { host: workspace.workingDir, container: CONTAINER_WORKING_DIR, readOnly: false },
        { host: workspace.extraDir, container: CONTAINER_EXTRA_DIR, readOnly: false },
        { host: controlDir, container: CONTAINER_JOB_DIR, readOnly: true },
        { host: this.settings.runnerDir ?? pythonResourcesDir(), container: CONTAINER_RUNNER_DIR, readOnly: true },
        ...[...urlMounts].map(([container, host]) => ({ host, container, readOnly: true })),
      ],
      labels: { [JOB_LABEL]: path.basename(jobDir), [JOB_DIR_LABEL]: jobDir },
    };
  }

  async runPython(script: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<string> {
    return this.runScript(script, args, options);
  }

  /** Runs `python3 -c script args` in a container; cwd (and absolute path arguments) are mounted at the same path. */
  private async runScript(
    script: string,
    args: string[],
    options: { cwd?: string; timeoutMs: number; gpus?: GpuRequest },
  ): Promise<string> {
    const mounts: ContainerSpec['mounts'] = [];
    if (options.cwd)
      mounts.push({ host: path.resolve(options.cwd), container: path.resolve(options.cwd), readOnly: false });
    for (const arg of args) {
      if (!path.isAbsolute(arg) || !fs.existsSync(arg)) continue;
      if (mounts.some((m) => arg === m.host || arg.startsWith(`${m.host}/`))) continue;
      mounts.push({ host: arg, container: arg, readOnly: true });
    }
    const spec = await this.spec({
      // nbrevive's own scripts (graders, describe), not notebook code: they run with the caller's rights, like the
      // local runtime's, so they can write into the caller's folder; the network stays off
      user: `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`,
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
    if (run.timedOut)
      throw new NbreviveError(
        'internal',
        `a Python script in ${this.image} ran longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`,
      );
    if (run.exitCode !== 0)
      throw new NbreviveError(
        'internal',
        `a Python script in ${this.image} failed (exit code ${run.exitCode}): ${lastLines(stderr, 8)}`,
      );
    return stdout;
  }

  private async spec(
    parts: Pick<ContainerSpec, 'user' | 'gpus' | 'workingDir' | 'cmd' | 'mounts' | 'labels'>,
  ): Promise<ContainerSpec> {
    const info = await this.engine();
    if (parts.gpus.kind !== 'none' && !detectNvidia(info).available)
      throw noNvidiaRuntimeError(parts.gpus, this.connection.address);
    const limits = { ...DEFAULT_LIMITS, ...this.settings.limits };
    // the default memory limit never exceeds what the engine's machine has
    if (this.settings.limits?.memoryBytes === undefined && info.memoryBytes > 0)
      limits.memoryBytes = Math.min(limits.memoryBytes, info.memoryBytes);
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

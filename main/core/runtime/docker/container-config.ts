// The container one execution runs in, as a pure function of the settings: Kaggle's layout (data read-only at
// /kaggle/input, cwd /kaggle/working), the runner mounted read-only, network off unless asked for, resource limits,
// a non-root user and GPU device requests. Isolation: no capabilities, no-new-privileges, a read-only root with a
// tmpfs /tmp, no devices, private IPC and cgroup namespaces, and an environment of its own (nothing of the host's).
// Unit-tested without an engine.
import type Docker from 'dockerode';
import { deviceRequests, type GpuRequest } from './gpu';

export const CONTAINER_INPUT_DIR = '/kaggle/input';
export const CONTAINER_WORKING_DIR = '/kaggle/working';
/** where resources/python is mounted (read-only) */
export const CONTAINER_RUNNER_DIR = '/opt/nbrevive/runner';
/** where the job's own files (the notebook to run, the runner's settings) are mounted (read-only) */
export const CONTAINER_JOB_DIR = '/opt/nbrevive/job';
/** data.files / data.dirs targets outside the working dir (the workspace's extra/) */
export const CONTAINER_EXTRA_DIR = '/kaggle/nbrevive-extra';
/** where each mapped URL's copy outside the case data is mounted read-only (data.urls, the user's URL map) */
export const CONTAINER_URLS_DIR = '/kaggle/nbrevive-urls';
/** label naming the job folder a container runs for */
export const JOB_LABEL = 'io.nbrevive.job';
/** label with the job folder's absolute path: which database's work folder (and so which host) the job belongs to */
export const JOB_DIR_LABEL = 'io.nbrevive.job-dir';
/** label put on every container nbrevive starts, so stale ones (after a crash of the host process) can be found */
export const CONTAINER_LABEL = 'io.nbrevive.runtime';

export interface ContainerLimits {
  /** hard memory limit in bytes (swap disabled: the same value is the memory+swap limit) */
  memoryBytes: number;
  /** CPUs as a fraction (1.5 = one and a half cores) */
  cpus: number;
  /** most processes/threads the container may hold (a fork bomb stops here) */
  pids: number;
  /** size of /dev/shm (PyTorch data loaders need more than Docker's 64 MiB) */
  shmBytes: number;
}

export const GiB = 1024 ** 3;

export const DEFAULT_LIMITS: ContainerLimits = { memoryBytes: 8 * GiB, cpus: 0, pids: 4096, shmBytes: 2 * GiB };

export interface ContainerSpec {
  image: string;
  /** the command, e.g. ['python3', '/opt/nbrevive/runner/nbrevive_runner.py', …] */
  cmd: string[];
  /** container user, "uid:gid" */
  user: string;
  limits: ContainerLimits;
  network: boolean;
  gpus: GpuRequest;
  workingDir: string;
  /** bind mounts: host path → container path (read-only unless listed in `writable`) */
  mounts: Array<{ host: string; container: string; readOnly: boolean }>;
  env?: Record<string, string>;
  labels?: Record<string, string>;
  name?: string;
}

/** The body of `POST /containers/create` for a spec. */
export function containerCreateOptions(spec: ContainerSpec): Docker.ContainerCreateOptions {
  const env = {
    // the user has no passwd entry in most images: give Jupyter, matplotlib and friends a writable home
    HOME: '/tmp',
    PYTHONUNBUFFERED: '1',
    MPLBACKEND: 'Agg',
    ...spec.env,
  };
  const hostConfig: Docker.HostConfig = {
    // structured mounts, not `host:container:ro` strings: a ':' or ',' in a job folder's path cannot change what
    // is mounted, and a missing source is an error instead of a root-owned folder dockerd creates on the host
    Mounts: spec.mounts.map((m) => ({
      Type: 'bind' as const,
      Source: m.host,
      Target: m.container,
      ReadOnly: m.readOnly,
      BindOptions: { Propagation: 'rprivate' as const },
    })),
    NetworkMode: spec.network ? 'bridge' : 'none',
    Memory: spec.limits.memoryBytes,
    MemorySwap: spec.limits.memoryBytes,
    PidsLimit: spec.limits.pids,
    ShmSize: spec.limits.shmBytes,
    // the notebook may write only to its mounts and to a /tmp (its HOME) counted in its memory limit
    ReadonlyRootfs: true,
    Tmpfs: { '/tmp': `rw,nosuid,nodev,size=${Math.max(64 * 1024 ** 2, Math.floor(spec.limits.memoryBytes / 2))}` },
    CapDrop: ['ALL'],
    SecurityOpt: ['no-new-privileges'],
    Privileged: false,
    // no host devices (GPUs come through DeviceRequests only when asked), no shared IPC, own cgroup namespace
    Devices: [],
    IpcMode: 'private',
    // no core dumps of a crashing kernel into the working folder
    Ulimits: [{ Name: 'core', Soft: 0, Hard: 0 }],
    Init: false,
    AutoRemove: false,
  };
  // Engine API 1.41+; not in the typings
  (hostConfig as Record<string, unknown>).CgroupnsMode = 'private';
  if (spec.limits.cpus > 0) hostConfig.NanoCpus = Math.round(spec.limits.cpus * 1e9);
  const gpus = deviceRequests(spec.gpus);
  if (gpus.length > 0) hostConfig.DeviceRequests = gpus;
  return {
    ...(spec.name ? { name: spec.name } : {}),
    Image: spec.image,
    Cmd: spec.cmd,
    User: spec.user,
    WorkingDir: spec.workingDir,
    Env: Object.entries(env).map(([k, v]) => `${k}=${v}`),
    Labels: { [CONTAINER_LABEL]: '1', ...spec.labels },
    AttachStdout: true,
    AttachStderr: true,
    AttachStdin: false,
    Tty: false,
    OpenStdin: false,
    NetworkDisabled: !spec.network,
    HostConfig: hostConfig,
  };
}

/** Parses sizes as the docker CLI writes them: 512m, 8g, 2GiB, 1073741824. */
export function parseByteSize(value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?$/i.exec(value.trim());
  if (!m) throw new Error(`"${value}" is not a size: write e.g. 512m, 8g or a number of bytes`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 }[
    (m[2] ?? '').toLowerCase() as '' | 'k' | 'm' | 'g' | 't'
  ];
  return Math.round(Number(m[1]) * unit);
}

// Connecting to a Docker engine (DOCKER_HOST, or a host the user set) and turning the ways that fails into messages
// that say what to do: engine not running, socket permission denied, image missing.
import Docker from 'dockerode';
import { NbreviveError } from '../../../../shared/lib/errors';

/** What the rest of the Docker runtime needs from `docker info`. */
export interface EngineInfo {
  serverVersion: string;
  /** names of the OCI runtimes the engine knows (runc, nvidia, …) */
  runtimes: string[];
  defaultRuntime: string;
  /** CDI spec folders; an engine with NVIDIA CDI specs can hand out GPUs without the nvidia runtime */
  cdiSpecDirs: string[];
  cpus: number;
  memoryBytes: number;
  operatingSystem: string;
}

/** How we reach the engine: the address for messages, and the client. */
export interface EngineConnection {
  docker: Docker;
  /** human-readable address, e.g. unix:///var/run/docker.sock */
  address: string;
}

const DEFAULT_SOCKET = '/var/run/docker.sock';

/** `host` wins over DOCKER_HOST; both accept unix:///path, tcp://host:port, ssh://user@host (as the docker CLI). */
export function connectEngine(host: string | undefined = process.env.DOCKER_HOST): EngineConnection {
  if (!host) return { docker: new Docker({ socketPath: DEFAULT_SOCKET }), address: `unix://${DEFAULT_SOCKET}` };
  if (host.startsWith('unix://')) {
    const socketPath = host.slice('unix://'.length) || DEFAULT_SOCKET;
    return { docker: new Docker({ socketPath }), address: `unix://${socketPath}` };
  }
  if (host.startsWith('/')) return { docker: new Docker({ socketPath: host }), address: `unix://${host}` };
  let url: URL;
  try {
    url = new URL(host.includes('//') ? host : `tcp://${host}`);
  } catch {
    throw new NbreviveError(
      'docker-unavailable',
      `DOCKER_HOST "${host}" is not an address: use unix:///path/to/docker.sock or tcp://host:2375`,
    );
  }
  const protocol =
    url.protocol === 'ssh:' ? 'ssh' : url.port === '2376' || process.env.DOCKER_TLS_VERIFY === '1' ? 'https' : 'http';
  const docker = new Docker({
    protocol,
    host: url.hostname,
    port: url.port || (protocol === 'ssh' ? 22 : protocol === 'https' ? 2376 : 2375),
    ...(protocol === 'ssh' ? { username: url.username, sshOptions: { agent: process.env.SSH_AUTH_SOCK } } : {}),
  } as Docker.DockerOptions);
  return { docker, address: host };
}

interface SystemError {
  code?: string;
  statusCode?: number;
  message?: string;
  json?: { message?: string } | null;
}

/** Turns a failure to talk to the engine into a NbreviveError whose message says how to fix it. */
export function engineError(error: unknown, address: string): NbreviveError {
  if (error instanceof NbreviveError) return error;
  const e = (error ?? {}) as SystemError;
  const detail = e.message ?? String(error);
  if (e.code === 'EACCES' || e.code === 'EPERM') {
    return new NbreviveError(
      'docker-unavailable',
      `permission denied on the Docker socket ${address}: add your user to the docker group ` +
        '(`sudo usermod -aG docker $USER`, then log out and in again), or set DOCKER_HOST to an engine you may use',
      { address, cause: detail },
    );
  }
  if (
    e.code === 'ENOENT' ||
    e.code === 'ECONNREFUSED' ||
    e.code === 'ECONNRESET' ||
    e.code === 'EHOSTUNREACH' ||
    e.code === 'ENOTFOUND' ||
    e.code === 'ETIMEDOUT'
  ) {
    return new NbreviveError(
      'docker-unavailable',
      `Docker is not running (nothing answers at ${address}): start it with \`sudo systemctl start docker\` ` +
        '(or start Docker Desktop), or set DOCKER_HOST to the address of a running engine',
      { address, cause: detail },
    );
  }
  return new NbreviveError('docker-unavailable', `the Docker engine at ${address} failed: ${dockerMessage(error)}`, {
    address,
  });
}

/** The engine's own message of a failed API call (dockerode puts it in `json.message`). */
export function dockerMessage(error: unknown): string {
  const e = (error ?? {}) as SystemError;
  const text = e.json?.message ?? e.message ?? String(error);
  // dockerode prefixes the engine's words with its own "(HTTP code 500) server error - "
  return text.replace(/^\(HTTP code \d+\)[^-]*- /, '').trim();
}

export function isNotFound(error: unknown): boolean {
  return (error as SystemError | null)?.statusCode === 404;
}

/** `docker info`, or a NbreviveError that says why the engine cannot be reached. */
export async function engineInfo(connection: EngineConnection): Promise<EngineInfo> {
  let raw: Record<string, unknown>;
  try {
    raw = (await connection.docker.info()) as Record<string, unknown>;
  } catch (error) {
    throw engineError(error, connection.address);
  }
  return parseEngineInfo(raw);
}

export function parseEngineInfo(raw: Record<string, unknown>): EngineInfo {
  const runtimes = raw.Runtimes && typeof raw.Runtimes === 'object' ? Object.keys(raw.Runtimes) : [];
  const cdi = Array.isArray(raw.CDISpecDirs) ? raw.CDISpecDirs.filter((d): d is string => typeof d === 'string') : [];
  return {
    serverVersion: typeof raw.ServerVersion === 'string' ? raw.ServerVersion : 'unknown',
    runtimes,
    defaultRuntime: typeof raw.DefaultRuntime === 'string' ? raw.DefaultRuntime : 'runc',
    cdiSpecDirs: cdi,
    cpus: typeof raw.NCPU === 'number' ? raw.NCPU : 0,
    memoryBytes: typeof raw.MemTotal === 'number' ? raw.MemTotal : 0,
    operatingSystem: typeof raw.OperatingSystem === 'string' ? raw.OperatingSystem : '',
  };
}

/** `image inspect`: the image's id, or the "pull or build it" error when the engine does not have it. */
export async function requireImage(connection: EngineConnection, image: string): Promise<Docker.ImageInspectInfo> {
  try {
    return await connection.docker.getImage(image).inspect();
  } catch (error) {
    if (isNotFound(error)) throw imageMissingError(image);
    throw engineError(error, connection.address);
  }
}

export function imageMissingError(image: string): NbreviveError {
  return new NbreviveError(
    'image-missing',
    `the Docker image ${image} is not on this engine: pull it with \`nbrevive images pull ${image}\`, ` +
      "or build nbrevive's own image with `nbrevive images build` (resources/docker/Dockerfile)",
    { image },
  );
}

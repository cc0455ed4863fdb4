// A real Docker engine for the Docker tests: a private dockerd (its own socket, data root and no network bridge)
// started by the first test file that needs it and stopped by the last one — only when the tests started it — plus
// the test runtime image, built from Debian packages with debootstrap (no registry is reachable here) and cached.
// When the engine cannot be started (not root, no dockerd) the tests are reported skipped with the reason.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe } from 'vitest';
import { type EngineConnection, connectEngine } from '../../main/core/runtime/docker/engine';

const STATE_DIR = process.env.NBREVIVE_TEST_DOCKER_DIR ?? '/tmp/nbrevive-docker';
export const TEST_DOCKER_SOCKET = process.env.NBREVIVE_TEST_DOCKER_SOCKET ?? '/tmp/nbrevive-docker.sock';
export const TEST_DOCKER_HOST = `unix://${TEST_DOCKER_SOCKET}`;
/** where the debootstrapped root filesystem is kept as a tarball between runs */
export const IMAGE_CACHE_DIR = process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive';
const DEBIAN_MIRROR = process.env.NBREVIVE_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';

/** the reference stack of ../shared/ENVIRONMENT.md, as Debian packages (matplotlib and seaborn: the corpus plots) */
const IMAGE_PACKAGES = [
  'python3',
  'python3-nbclient',
  'python3-ipykernel',
  'python3-nbformat',
  'python3-pandas',
  'python3-sklearn',
  'python3-matplotlib',
  'python3-seaborn',
];
/**
 * Build tools and docs the Python stack drags in through Depends (pythran → g++, boost; gdb) and never uses at run
 * time: removed from the tree, because with the vfs driver every container start copies the whole image.
 */
const PRUNED = [
  'usr/include',
  'usr/lib/gcc',
  'usr/libexec/gcc',
  'usr/share/doc',
  'usr/share/man',
  'usr/share/info',
  'usr/share/locale',
  'usr/bin/x86_64-linux-gnu-lto-dump-12',
  'usr/bin/gdb',
  'var/cache/apt',
  'var/lib/apt/lists',
];
const IMAGE_KEY = crypto
  .createHash('sha256')
  .update(`bookworm minbase + apt-get --no-install-recommends ${IMAGE_PACKAGES.join(',')} ${PRUNED.join(',')}`)
  .digest('hex')
  .slice(0, 12);
export const TEST_IMAGE = `nbrevive-test/bookworm:${IMAGE_KEY}`;
export const IMAGE_TARBALL = path.join(IMAGE_CACHE_DIR, `nbrevive-test-bookworm-${IMAGE_KEY}.tar`);

const DOCKERD_ARGS = [
  '--host',
  TEST_DOCKER_HOST,
  '--data-root',
  path.join(STATE_DIR, 'data'),
  '--exec-root',
  path.join(STATE_DIR, 'exec'),
  '--pidfile',
  path.join(STATE_DIR, 'pid'),
  '--iptables=false',
  '--bridge=none',
  '--storage-driver=vfs',
];
/** present while an engine the tests started is running: the last test file out stops it */
const STARTED_MARKER = path.join(STATE_DIR, 'started-by-tests');
const USERS_DIR = path.join(STATE_DIR, 'users');
const LOCK_DIR = path.join(STATE_DIR, 'lock');

function which(command: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Why the Docker tests cannot run on this machine, or null when they can (decided before any test starts). */
export function dockerSkipReason(): string | null {
  if (fs.existsSync(TEST_DOCKER_SOCKET)) return null; // an engine is already there: use it
  if (process.getuid?.() !== 0) {
    return `skipped: the Docker tests start a private dockerd, which needs root (run the tests as root, or start it yourself: dockerd ${DOCKERD_ARGS.join(' ')})`;
  }
  if (!which('dockerd')) return 'skipped: dockerd was not found (install it: apt-get install -y docker.io)';
  if (!fs.existsSync(IMAGE_TARBALL) && !which('debootstrap')) {
    return 'skipped: the test image is built with debootstrap, which was not found (install it: apt-get install -y debootstrap)';
  }
  return null;
}

/** describe() that runs against the private engine, and is reported skipped with the reason where it cannot start. */
export function describeDocker(name: string, body: () => void): void {
  const reason = dockerSkipReason();
  if (reason === null) {
    describe(name, body);
  } else {
    describe.skip(`${name} (${reason})`, body);
    console.warn(`[nbrevive tests] ${name}: ${reason}`);
  }
}

export interface TestEngine {
  connection: EngineConnection;
  image: string;
  /** true when this process started the engine */
  started: boolean;
  /** deregisters this user; stops the engine when the tests started it and nobody else uses it */
  release(): Promise<void>;
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(STATE_DIR, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      fs.writeFileSync(path.join(LOCK_DIR, 'owner'), String(process.pid));
      break;
    } catch {
      // a lock whose owner died (a killed test run) is taken over
      const owner = Number(fs.readFileSync(path.join(LOCK_DIR, 'owner'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (owner > 0 && !alive(owner)) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${LOCK_DIR} (remove it if no test run is active)`);
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function ping(connection: EngineConnection): Promise<boolean> {
  try {
    await connection.docker.ping();
    return true;
  } catch {
    return false;
  }
}

/** Starts (or reuses) the private engine and makes sure the test image is on it. */
export async function startTestEngine(
  log: (line: string) => void = (l) => console.log(`[docker-engine] ${l}`),
): Promise<TestEngine> {
  const connection = connectEngine(TEST_DOCKER_HOST);
  let started = false;
  await withLock(async () => {
    if (!(await ping(connection))) {
      fs.rmSync(TEST_DOCKER_SOCKET, { force: true });
      fs.mkdirSync(STATE_DIR, { recursive: true });
      const logFile = path.join(STATE_DIR, 'dockerd.log');
      const out = fs.openSync(logFile, 'a');
      const child = spawn('dockerd', DOCKERD_ARGS, { detached: true, stdio: ['ignore', out, out] });
      fs.closeSync(out);
      child.unref();
      log(`started dockerd (pid ${child.pid}), log ${logFile}`);
      const deadline = Date.now() + 60_000;
      while (!(await ping(connection))) {
        if (child.exitCode !== null || Date.now() > deadline) {
          const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
          throw new Error(`dockerd did not come up (exit ${child.exitCode}); last log lines:\n${tail}`);
        }
        await sleep(250);
      }
      fs.writeFileSync(STARTED_MARKER, String(child.pid));
      started = true;
    }
    fs.mkdirSync(USERS_DIR, { recursive: true });
    fs.writeFileSync(path.join(USERS_DIR, String(process.pid)), '');
    await ensureTestImage(connection, log);
  });
  return {
    connection,
    image: TEST_IMAGE,
    started,
    release: () => releaseTestEngine(connection, log),
  };
}

async function releaseTestEngine(connection: EngineConnection, log: (line: string) => void): Promise<void> {
  await withLock(async () => {
    fs.rmSync(path.join(USERS_DIR, String(process.pid)), { force: true });
    const others = fs.existsSync(USERS_DIR) ? fs.readdirSync(USERS_DIR).filter((p) => alive(Number(p))) : [];
    if (others.length > 0 || !fs.existsSync(STARTED_MARKER)) return;
    const pidFile = path.join(STATE_DIR, 'pid');
    const pid = Number(
      fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : fs.readFileSync(STARTED_MARKER, 'utf8').trim(),
    );
    fs.rmSync(STARTED_MARKER, { force: true });
    if (!(pid > 0) || !alive(pid)) return;
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (alive(pid) && Date.now() < deadline) await sleep(200);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    log(`stopped dockerd (pid ${pid})`);
    void connection;
  });
}

/** The test image: on the engine already, else imported from the cached rootfs tarball, else debootstrapped first. */
export async function ensureTestImage(connection: EngineConnection, log: (line: string) => void): Promise<void> {
  try {
    await connection.docker.getImage(TEST_IMAGE).inspect();
    return;
  } catch {
    // not there yet
  }
  if (!fs.existsSync(IMAGE_TARBALL)) buildRootfsTarball(log);
  const t0 = Date.now();
  // the docker CLI (from docker.io, like dockerd): dockerode's importImage hangs up on a 1 GB upload here
  execFileSync('docker', ['--host', TEST_DOCKER_HOST, 'import', IMAGE_TARBALL, TEST_IMAGE], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  log(`imported ${TEST_IMAGE} from ${IMAGE_TARBALL} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function run(command: string, args: string[], what: string): void {
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' },
  });
  if (r.status !== 0) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').slice(-25).join('\n');
    throw new Error(
      `${what} failed (exit ${r.status}; is ${DEBIAN_MIRROR} reachable? set NBREVIVE_DEBIAN_MIRROR):\n${output}`,
    );
  }
}

/**
 * A minimal Debian base from debootstrap, then the Python stack with apt-get inside it: debootstrap's own
 * resolver (--include) does not follow virtual packages and leaves python3-zmq, hence ipykernel, unconfigured.
 */
function buildRootfsTarball(log: (line: string) => void): void {
  fs.mkdirSync(IMAGE_CACHE_DIR, { recursive: true });
  const rootfs = fs.mkdtempSync(path.join(IMAGE_CACHE_DIR, 'rootfs-'));
  const t0 = Date.now();
  log(`debootstrap bookworm + ${IMAGE_PACKAGES.join(', ')} into ${rootfs} — a few minutes, once per machine`);
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR], 'debootstrap');
    fs.writeFileSync(path.join(rootfs, 'etc/apt/sources.list'), `deb ${DEBIAN_MIRROR} bookworm main\n`);
    run('chroot', [rootfs, 'apt-get', 'update', '-qq'], 'apt-get update in the image');
    // unsafe-io: no fsync per file (a throwaway tree; a crash just means building it again)
    run(
      'chroot',
      [
        rootfs,
        'apt-get',
        '-o',
        'Dpkg::Options::=--force-unsafe-io',
        'install',
        '-y',
        '-qq',
        '--no-install-recommends',
        ...IMAGE_PACKAGES,
      ],
      'apt-get install in the image',
    );
    run('chroot', [rootfs, 'apt-get', 'clean'], 'apt-get clean in the image');
    // mkdtemp made the folder 0700: as the image's / it would lock every non-root user out
    fs.chmodSync(rootfs, 0o755);
    pruneRootfs(rootfs);
    const partial = `${IMAGE_TARBALL}.partial`;
    execFileSync('tar', ['-C', rootfs, '-cf', partial, '.']);
    fs.renameSync(partial, IMAGE_TARBALL);
    log(`cached the root filesystem as ${IMAGE_TARBALL} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  } finally {
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
}

export function pruneRootfs(rootfs: string): void {
  for (const rel of PRUNED) fs.rmSync(path.join(rootfs, rel), { recursive: true, force: true });
  fs.mkdirSync(path.join(rootfs, 'var/lib/apt/lists/partial'), { recursive: true });
  fs.mkdirSync(path.join(rootfs, 'var/cache/apt/archives/partial'), { recursive: true });
}

/** Ids of the containers (running or not) that carry a label, e.g. the one a runtime sets per job. */
export async function containersWithLabel(connection: EngineConnection, label: string): Promise<string[]> {
  const list = await connection.docker.listContainers({ all: true, filters: { label: [label] } });
  return list.map((c) => c.Id);
}

// `npx tsx test/helpers/docker-engine.ts --prepare` (.ci/run): builds or imports the test image ahead of the tests,
// then leaves the engine as it found it
if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1]) && process.argv.includes('--prepare')) {
  const reason = dockerSkipReason();
  if (reason) {
    console.log(`[docker-engine] not preparing the Docker tests: ${reason}`);
  } else {
    const engine = await startTestEngine();
    console.log(`[docker-engine] ${engine.image} is ready`);
    await engine.release();
  }
}

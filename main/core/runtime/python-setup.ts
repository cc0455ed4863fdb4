// The managed Python runtime: when no interpreter with nbclient and ipykernel is found, nbrevive sets one up itself
// (`nbrevive runtimes setup`, or the offer run/modernize/serve make) and remembers it as the default runtime:
// - `venv`: a virtual environment under nbrevive's data folder, filled by pip from the pinned
//   resources/python/requirements.txt, where a package index (or a local package folder, --find-links) is reachable;
// - `apt`: Debian/Ubuntu's own packages (resources/python/apt-packages.txt) into the system Python, where it is not.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NbreviveError } from '../../../shared/lib/errors';
import { managedVenvDir, managedVenvPython, nbreviveDataDir } from '../store/paths';
import { checkPython } from './python-detect';
import { pythonResourcesDir } from './runner-protocol';

export type SetupMethod = 'venv' | 'apt';

/** What the data folder's runtime.json remembers: the interpreter run/modernize/serve use when none is named. */
export interface ManagedRuntime {
  python: string;
  method: SetupMethod;
  createdAt: string;
}

export interface SetupCommand {
  command: string;
  args: string[];
  /** what the step does, for the progress display */
  label: string;
}

export interface SetupPlan {
  method: SetupMethod;
  /** the interpreter the environment gives once set up */
  python: string;
  steps: SetupCommand[];
  /** one line for the confirmation prompt */
  description: string;
  dataDir: string;
}

export interface PlanOptions {
  dataDir?: string;
  method?: SetupMethod;
  /** the interpreter the venv is made from (default: the first python3 with venv and pip) */
  basePython?: string;
  /** local folders of packages: pip then uses them instead of an index (--no-index --find-links …) */
  findLinks?: string[];
  requirements?: string;
  env?: NodeJS.ProcessEnv;
}

const RUNTIME_FILE = 'runtime.json';

export function readManagedRuntime(dataDir: string): ManagedRuntime | null {
  try {
    const j = JSON.parse(fs.readFileSync(path.join(dataDir, RUNTIME_FILE), 'utf8')) as Partial<ManagedRuntime>;
    return typeof j.python === 'string' && (j.method === 'venv' || j.method === 'apt')
      ? { python: j.python, method: j.method, createdAt: String(j.createdAt ?? '') }
      : null;
  } catch {
    return null;
  }
}

export function rememberManagedRuntime(dataDir: string, runtime: ManagedRuntime): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, RUNTIME_FILE);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(runtime, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

function listFile(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
}

export function defaultRequirements(): string {
  return path.join(pythonResourcesDir(), 'requirements.txt');
}

export function aptPackages(): string[] {
  return listFile(path.join(pythonResourcesDir(), 'apt-packages.txt'));
}

interface Captured {
  code: number | null;
  output: string;
}

function capture(command: string, args: string[], timeoutMs: number, env: NodeJS.ProcessEnv): Promise<Captured> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: os.tmpdir() });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, output: e.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

function pipSource(findLinks: string[] | undefined): string[] {
  return findLinks?.length ? ['--no-index', ...findLinks.flatMap((dir) => ['--find-links', path.resolve(dir)])] : [];
}

/** A python3 that can make a venv with pip in it (venv + ensurepip + pip importable), or null. */
async function venvBase(options: PlanOptions, env: NodeJS.ProcessEnv): Promise<string | null> {
  const candidates = options.basePython
    ? [options.basePython]
    : [onPath('python3', env), '/usr/bin/python3', onPath('python', env)].filter((p): p is string => !!p);
  for (const python of [...new Set(candidates)]) {
    const probe = await capture(
      python,
      ['-c', 'import sys, venv, ensurepip, pip; assert sys.version_info >= (3, 9)'],
      20_000,
      env,
    );
    if (probe.code === 0) return python;
  }
  return null;
}

/**
 * Whether pip can get every requirement from the index (or the local folder): a dry run without dependencies reads
 * only the indexes' listings and metadata, so a mirror that lacks one pinned version sends the plan to Debian's
 * packages instead of a venv whose install fails half-way. A pip older than 22.2 has no --dry-run: there the pinned
 * nbclient alone is downloaded (a small wheel, then removed).
 */
async function indexReachable(base: string, options: PlanOptions, env: NodeJS.ProcessEnv): Promise<boolean> {
  const requirements = path.resolve(options.requirements ?? defaultRequirements());
  const quick = ['--quiet', '--no-deps', '--disable-pip-version-check', '--timeout', '10', '--retries', '0'];
  const source = pipSource(options.findLinks);
  const dry = await capture(
    base,
    ['-m', 'pip', 'install', '--dry-run', '--ignore-installed', ...quick, ...source, '-r', requirements],
    120_000,
    env,
  );
  if (dry.code === 0) return true;
  if (!/no such option: --dry-run/.test(dry.output)) return false;
  const pin = listFile(requirements).find((l) => l.startsWith('nbclient')) ?? 'nbclient';
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-pip-probe-'));
  try {
    const r = await capture(base, ['-m', 'pip', 'download', ...quick, '-d', dest, ...source, pin], 60_000, env);
    return r.code === 0;
  } finally {
    fs.rmSync(dest, { recursive: true, force: true });
  }
}

function isDebian(): boolean {
  return fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get');
}

function asRoot(env: NodeJS.ProcessEnv): string[] {
  if (process.getuid?.() === 0) return [];
  if (!onPath('sudo', env)) {
    throw new NbreviveError(
      'runtime-unavailable',
      'installing Debian packages needs root: run `nbrevive runtimes setup` as root, or install sudo',
    );
  }
  // without a terminal sudo cannot ask for a password: fail at once instead of hanging
  return process.stdin.isTTY ? ['sudo'] : ['sudo', '-n'];
}

function venvPlan(dataDir: string, base: string, options: PlanOptions): SetupPlan {
  const venv = managedVenvDir(dataDir);
  const python = managedVenvPython(dataDir);
  const requirements = path.resolve(options.requirements ?? defaultRequirements());
  const pip = [python, '-m', 'pip', 'install', '--disable-pip-version-check', ...pipSource(options.findLinks)];
  const stack = `the pinned scientific stack of ${path.basename(requirements)}`;
  const from = options.findLinks?.length ? `, installed from ${options.findLinks.join(', ')}` : '';
  return {
    method: 'venv',
    python,
    dataDir,
    description: `a virtual environment at ${venv} (from ${base}) with nbclient, ipykernel and ${stack}${from}`,
    steps: [
      { command: base, args: ['-m', 'venv', '--clear', venv], label: `creating the virtual environment ${venv}` },
      { command: pip[0] as string, args: [...pip.slice(1), '--upgrade', 'pip'], label: 'updating pip' },
      { command: pip[0] as string, args: [...pip.slice(1), '-r', requirements], label: `installing ${requirements}` },
    ],
  };
}

function aptPlan(dataDir: string, env: NodeJS.ProcessEnv): SetupPlan {
  const root = asRoot(env);
  const aptEnv = ['env', 'DEBIAN_FRONTEND=noninteractive'];
  const cmd = (args: string[]): { command: string; args: string[] } => {
    const all = [...root, ...aptEnv, ...args];
    return { command: all[0] as string, args: all.slice(1) };
  };
  const packages = aptPackages();
  const sudo = root.length ? 'with sudo: ' : '';
  return {
    method: 'apt',
    python: '/usr/bin/python3',
    dataDir,
    description: `Debian packages into /usr/bin/python3 (${sudo}apt-get install ${packages.join(' ')})`,
    steps: [
      { ...cmd(['apt-get', 'update', '-q']), label: 'reading the package lists (apt-get update)' },
      {
        ...cmd(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...packages]),
        label: `installing ${packages.length} Debian packages`,
      },
    ],
  };
}

/**
 * How the managed environment would be set up here: a venv where pip gets every requirement from an index (or the
 * local folder given), else Debian's packages, else a typed error that says what to do by hand.
 */
export async function planSetup(options: PlanOptions = {}): Promise<SetupPlan> {
  const env = options.env ?? process.env;
  const dataDir = options.dataDir ?? nbreviveDataDir(env);
  if (options.method === 'apt') {
    if (!isDebian())
      throw new NbreviveError(
        'runtime-unavailable',
        'the apt method needs Debian or Ubuntu (apt-get was not found); use --method venv',
      );
    return aptPlan(dataDir, env);
  }
  const base = await venvBase(options, env);
  if (options.method === 'venv') {
    if (!base)
      throw new NbreviveError(
        'runtime-unavailable',
        `no python3 with venv and pip was found${options.basePython ? ` at ${options.basePython}` : ''}: ` +
          'install Python 3.9+ with venv (Debian: apt-get install python3-venv python3-pip), or name one with --python',
      );
    return venvPlan(dataDir, base, options);
  }
  if (base && (await indexReachable(base, options, env))) return venvPlan(dataDir, base, options);
  if (isDebian()) return aptPlan(dataDir, env);
  throw new NbreviveError(
    'runtime-unavailable',
    base
      ? `pip cannot get every requirement of ${path.basename(options.requirements ?? defaultRequirements())} ` +
          `from a package index from ${base}: give a local package folder with ` +
          `--find-links DIR, or install nbclient and ipykernel yourself and pass --python`
      : 'no python3 with venv and pip was found and this is not Debian/Ubuntu: install ' +
          'Python 3.9+ (python.org or conda), then run `nbrevive runtimes setup` again',
  );
}

function runStep(
  step: SetupCommand,
  onLine: (line: string) => void,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; tail: string[] }> {
  return new Promise((resolve) => {
    const tail: string[] = [];
    const child = spawn(step.command, step.args, {
      env: { ...env, PIP_PROGRESS_BAR: 'off' },
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const lines = (chunk: Buffer): void => {
      for (const line of chunk.toString().split(/\r?\n/)) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 20) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on('data', lines);
    child.stderr.on('data', lines);
    child.on('error', (e) => resolve({ code: null, tail: [...tail, e.message] }));
    child.on('close', (code) => resolve({ code, tail }));
  });
}

export interface SetupProgress {
  /** a step starts: index from 1, of total */
  step(index: number, total: number, label: string): void;
  /** a line the step printed */
  line(text: string): void;
}

/** Runs the plan's steps, checks the result like any runtime, and remembers it as the default. */
export async function runSetup(
  plan: SetupPlan,
  progress: SetupProgress,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ManagedRuntime> {
  for (const [i, step] of plan.steps.entries()) {
    progress.step(i + 1, plan.steps.length, step.label);
    const r = await runStep(step, (l) => progress.line(l), env);
    if (r.code !== 0) {
      const outcome = `${[step.command, ...step.args].join(' ')} exited ${r.code ?? 'without starting'}`;
      throw new NbreviveError(
        'runtime-unavailable',
        `setting up the Python runtime failed while ${step.label} (${outcome}):` +
          `\n  ${r.tail.slice(-6).join('\n  ')}`,
      );
    }
  }
  const check = await checkPython(plan.python);
  if (!check.ok)
    throw new NbreviveError(
      'runtime-unavailable',
      `the ${plan.method} environment was set up but is not usable: ${check.message}`,
    );
  const runtime: ManagedRuntime = { python: plan.python, method: plan.method, createdAt: new Date().toISOString() };
  rememberManagedRuntime(plan.dataDir, runtime);
  return runtime;
}

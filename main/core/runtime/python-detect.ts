// Finds Python interpreters that can run notebooks (nbclient + ipykernel): NBREVIVE_PYTHON, the system Python,
// every python3/python on PATH, pyenv versions, project venvs, ~/.virtualenvs and conda environments. Also the
// check whose message says exactly what is missing and how to install it, and the cached package description.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { managedVenvPython, nbreviveDataDir } from '../store/paths';

export const REQUIRED_MODULES = ['nbclient', 'ipykernel', 'jupyter_client', 'nbformat'] as const;
/** distributions whose versions describe() reports (the rules engine gates migrations on them) */
export const DESCRIBED_PACKAGES = [
  'numpy',
  'pandas',
  'scikit-learn',
  'scipy',
  'matplotlib',
  'seaborn',
  'xgboost',
  'lightgbm',
  'catboost',
  'statsmodels',
  'joblib',
  'tensorflow',
  'keras',
  'torch',
  'nltk',
  'nbclient',
  'ipykernel',
] as const;

export interface PythonProbe {
  /** the path as given (may be a shim or a venv link) */
  path: string;
  executable: string;
  prefix: string;
  version: string;
  /** required module → importable */
  modules: Record<string, boolean>;
  /** Debian/Ubuntu's own interpreter (packages come from apt, pip is refused) */
  debianSystem: boolean;
  conda: boolean;
}

export interface PythonCandidate {
  path: string;
  /** where it was found: env, managed (`nbrevive runtimes setup`), system, path, pyenv, venv, virtualenvs, conda */
  source: string;
  version: string | null;
  hasNbclient: boolean;
  hasIpykernel: boolean;
  usable: boolean;
  /** why it cannot be used, when it cannot */
  problem: string | null;
}

const PROBE_SCRIPT = `
import sys, os, json, importlib.util
mods = {m: importlib.util.find_spec(m) is not None for m in sys.argv[1:]}
print(json.dumps({"executable": sys.executable, "prefix": sys.prefix, "version": sys.version.split()[0], "modules": mods,
  "conda": os.path.isdir(os.path.join(sys.prefix, "conda-meta")),
  "debian": os.path.exists("/etc/debian_version") and sys.prefix == "/usr" and "dist-packages" in " ".join(sys.path)}))
`;

const DESCRIBE_SCRIPT = `
import sys, json
from importlib import metadata
out = {}
for name in sys.argv[1:]:
    try:
        out[name] = metadata.version(name)
    except Exception:
        pass
print(json.dumps({"python": sys.version.split()[0], "executable": sys.executable, "packages": out}))
`;

function execPython(python: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // cwd "/" so a package folder in the caller's cwd cannot make a module look installed
    execFile(
      python,
      args,
      {
        cwd: os.tmpdir(),
        timeout: timeoutMs,
        maxBuffer: 4 * 1024 * 1024,
        env: { ...process.env, PYTHONSAFEPATH: '1' },
      },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${python}: ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * Runs the interpreter once and reports its version and which required modules it can import; null if it cannot run.
 */
export async function probePython(python: string, timeoutMs = 15_000): Promise<PythonProbe | null> {
  try {
    const out = await execPython(python, ['-c', PROBE_SCRIPT, ...REQUIRED_MODULES], timeoutMs);
    const j = JSON.parse(out.trim().split('\n').pop() ?? '') as {
      executable: string;
      prefix: string;
      version: string;
      modules: Record<string, boolean>;
      conda: boolean;
      debian: boolean;
    };
    return {
      path: python,
      executable: j.executable,
      prefix: j.prefix,
      version: j.version,
      modules: j.modules,
      debianSystem: j.debian,
      conda: j.conda,
    };
  } catch {
    return null;
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function subdirs(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || d.isSymbolicLink())
      .map((d) => path.join(dir, d.name))
      .sort();
  } catch {
    return [];
  }
}

function binPython(prefix: string): string[] {
  return process.platform === 'win32'
    ? [path.join(prefix, 'python.exe'), path.join(prefix, 'Scripts', 'python.exe')]
    : [path.join(prefix, 'bin', 'python3'), path.join(prefix, 'bin', 'python')];
}

export interface DetectOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  home?: string;
}

/** Candidate interpreter paths in the order of preference, with where each was found (not yet probed). */
export function candidatePaths(options: DetectOptions = {}): Array<{ path: string; source: string }> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const home = options.home ?? os.homedir();
  const list: Array<{ path: string; source: string }> = [];
  const add = (file: string, source: string): void => {
    if (isExecutable(file)) list.push({ path: file, source });
  };
  if (env.NBREVIVE_PYTHON) list.push({ path: env.NBREVIVE_PYTHON, source: 'env' });
  add(managedVenvPython(nbreviveDataDir(env)), 'managed');
  add('/usr/bin/python3', 'system');
  const exe = process.platform === 'win32' ? ['python.exe', 'python3.exe'] : ['python3', 'python'];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean))
    for (const name of exe) add(path.join(dir, name), 'path');
  const pyenvRoot = env.PYENV_ROOT ?? path.join(home, '.pyenv');
  for (const v of subdirs(path.join(pyenvRoot, 'versions'))) for (const p of binPython(v)) add(p, 'pyenv');
  for (const name of ['.venv', 'venv', 'env']) for (const p of binPython(path.join(cwd, name))) add(p, 'venv');
  for (const v of subdirs(path.join(home, '.virtualenvs'))) for (const p of binPython(v)) add(p, 'virtualenvs');
  const condaPrefixes: string[] = [];
  if (env.CONDA_PREFIX) condaPrefixes.push(env.CONDA_PREFIX);
  try {
    condaPrefixes.push(
      ...fs
        .readFileSync(path.join(home, '.conda', 'environments.txt'), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
  } catch {
    // no conda environments file
  }
  for (const base of ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge']) {
    condaPrefixes.push(path.join(home, base));
    condaPrefixes.push(...subdirs(path.join(home, base, 'envs')));
  }
  for (const prefix of condaPrefixes) for (const p of binPython(prefix)) add(p, 'conda');
  return list;
}

function missingModules(probe: PythonProbe): string[] {
  const missing: string[] = REQUIRED_MODULES.filter((m) => !probe.modules[m]);
  // installing nbclient brings jupyter_client and nbformat: name only what the user has to ask for
  return probe.modules.nbclient ? missing : missing.filter((m) => m !== 'jupyter_client' && m !== 'nbformat');
}

/** Lists interpreters (deduplicated by the interpreter they really run) with what they lack. */
export async function detectPythons(options: DetectOptions = {}): Promise<PythonCandidate[]> {
  const paths = candidatePaths(options);
  const unique = paths.filter((c, i) => paths.findIndex((o) => o.path === c.path) === i);
  const probes = await Promise.all(unique.map((c) => probePython(c.path)));
  const seen = new Set<string>();
  const out: PythonCandidate[] = [];
  unique.forEach((c, i) => {
    const probe = probes[i] ?? null;
    if (probe) {
      let real = probe.executable;
      try {
        real = fs.realpathSync(probe.executable);
      } catch {
        // keep as reported
      }
      const key = `${probe.prefix}|${real}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    const problem = probe ? unusableReason(probe) : 'it does not run';
    out.push({
      path: c.path,
      source: c.source,
      version: probe?.version ?? null,
      hasNbclient: probe?.modules.nbclient ?? false,
      hasIpykernel: probe?.modules.ipykernel ?? false,
      usable: problem === null,
      problem,
    });
  });
  return out;
}

/** The interpreter to use when the user named none: the first usable candidate, else null. */
export function pickDefault(candidates: PythonCandidate[]): PythonCandidate | null {
  return candidates.find((c) => c.usable) ?? null;
}

function unusableReason(probe: PythonProbe): string | null {
  const [major, minor] = probe.version.split('.').map(Number);
  if ((major ?? 0) < 3 || ((major ?? 0) === 3 && (minor ?? 0) < 7))
    return `Python ${probe.version} is too old (nbclient needs 3.7 or newer)`;
  const missing = missingModules(probe);
  return missing.length > 0 ? `lacks ${missing.join(', ')}` : null;
}

/** The command that installs the missing modules into this interpreter. */
export function installHint(probe: PythonProbe, missing: string[]): string {
  if (probe.debianSystem) {
    const debian: Record<string, string> = {
      nbclient: 'python3-nbclient',
      ipykernel: 'python3-ipykernel',
      jupyter_client: 'python3-jupyter-client',
      nbformat: 'python3-nbformat',
    };
    return `apt-get install ${missing.map((m) => debian[m] ?? m).join(' ')}`;
  }
  const pip = missing.map((m) => m.replace('_', '-'));
  if (probe.conda) return `conda install -p ${probe.prefix} -c conda-forge ${pip.join(' ')}`;
  return `${probe.path} -m pip install ${pip.join(' ')}`;
}

function join(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** ok, or a message that names what is missing and the command that installs it. */
export async function checkPython(
  python: string,
): Promise<{ ok: boolean; message: string; probe: PythonProbe | null }> {
  const exists = path.isAbsolute(python) ? fs.existsSync(python) : true;
  const probe = exists ? await probePython(python) : null;
  const choose = 'pick another interpreter with --python PATH or NBREVIVE_PYTHON';
  if (!probe) {
    return {
      ok: false,
      probe: null,
      message: exists
        ? `${python} could not be run as a Python interpreter: ${choose}`
        : `Python interpreter not found: ${python} does not exist; ${choose}`,
    };
  }
  const tooOld = unusableReason(probe);
  if (tooOld && tooOld.startsWith('Python')) return { ok: false, probe, message: `${python}: ${tooOld}; ${choose}` };
  const missing = missingModules(probe);
  if (missing.length > 0) {
    return {
      ok: false,
      probe,
      message:
        `Python ${probe.version} at ${python} lacks ${join(missing)}, which nbrevive needs ` +
        `to execute notebooks. Install with: ${installHint(probe, missing)} — or ${choose}`,
    };
  }
  return {
    ok: true,
    probe,
    message: `Python ${probe.version} at ${python} (${probe.executable}) with nbclient and ipykernel`,
  };
}

const describeCache = new Map<
  string,
  Promise<{ python: string; executable: string; packages: Record<string, string> }>
>();

/** Versions of the described packages (read from their metadata, nothing imported); cached per interpreter. */
export function describePython(
  python: string,
): Promise<{ python: string; executable: string; packages: Record<string, string> }> {
  let cached = describeCache.get(python);
  if (!cached) {
    cached = execPython(python, ['-c', DESCRIBE_SCRIPT, ...DESCRIBED_PACKAGES], 30_000).then((out) => {
      const j = JSON.parse(out.trim().split('\n').pop() ?? '') as {
        python: string;
        executable: string;
        packages: Record<string, string>;
      };
      const packages: Record<string, string> = {};
      for (const [name, version] of Object.entries(j.packages)) packages[name.toLowerCase()] = version;
      return { python: j.python, executable: j.executable, packages };
    });
    cached.catch(() => describeCache.delete(python));
    describeCache.set(python, cached);
  }
  return cached;
}

// The environment a notebook's kernel gets from the local runtime, and the scrubbing of secrets from what a run
// returns. Notebooks are untrusted code: they used to inherit the whole host environment, OPENAI_API_KEY included,
// and a notebook that printed it had it stored in the logs table. Kernels now get an allowlist (what Python, CUDA
// and the locale need, plus names the user adds in NBREVIVE_KERNEL_ENV), never a secret-looking variable; and
// every known secret value is replaced in the events, outputs and messages of a run before anything stores them.
// What the local runtime still cannot hide (it runs as the user): README "Runtimes".

/** exact names passed through */
const ALLOWED_NAMES = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TERM',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LD_LIBRARY_PATH',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CONDA_DEFAULT_ENV',
  'CONDA_EXE',
  'CONDA_PYTHON_EXE',
  'MPLBACKEND',
  'MPLCONFIGDIR',
  'OMP_NUM_THREADS',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
  // finds what a killed worker left behind (host/orphans.ts); a random id, not a secret
  'NBREVIVE_WORKER_TAG',
]);

/** name prefixes passed through: locale, Python, CUDA/NVIDIA, math libraries' thread settings, Jupyter */
const ALLOWED_PREFIXES = [
  'LC_',
  'PYTHON',
  'CUDA_',
  'NVIDIA_',
  'CUDNN_',
  'NCCL_',
  'MKL_',
  'OPENBLAS_',
  'NUMEXPR_',
  'JUPYTER_',
  'IPYTHON',
];

/** the user's extra names: NBREVIVE_KERNEL_ENV=NAME,NAME2 */
export const KERNEL_ENV_SETTING = 'NBREVIVE_KERNEL_ENV';

/**
 * Names that are never passed, whatever the allowlist or the user says: nbrevive's own settings and secrets,
 * OpenAI's, and the usual spellings of keys, tokens, secrets and passwords.
 */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper === 'NBREVIVE_WORKER_TAG') return false;
  return upper.startsWith('NBREVIVE_') || upper.startsWith('OPENAI_') || holdsSecret(upper);
}

/** Whether a variable's value is a secret to scrub from outputs: keys, tokens, secrets, passwords. */
export function holdsSecret(name: string): boolean {
  const upper = name.toUpperCase();
  return /(^|_)(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE_KEY|ACCESS_KEY)(_|$)|_KEY$/.test(upper);
}

/** The kernel's environment: the allowlisted variables of `source`, plus the names the user added. */
export function kernelEnvironment(
  source: NodeJS.ProcessEnv = process.env,
  extraNames: readonly string[] = [],
): Record<string, string> {
  const extra = new Set(
    [...extraNames, ...(source[KERNEL_ENV_SETTING] ?? '').split(',')].map((n) => n.trim()).filter(Boolean),
  );
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || isSecretName(name)) continue;
    if (ALLOWED_NAMES.has(name) || ALLOWED_PREFIXES.some((p) => name.startsWith(p)) || extra.has(name))
      env[name] = value;
  }
  return env;
}

const registered = new Set<string>();

/** A secret this process holds that is not in its environment (the LLM key the host sends the worker). */
export function registerSecret(value: string | null | undefined): void {
  if (value && value.trim().length >= 8) registered.add(value.trim());
}

/**
 * Values to scrub: secret-named variables of `env` (8 characters or more: shorter ones are not keys) and registered
 * ones.
 */
export function secretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  const values = new Set(registered);
  for (const [name, value] of Object.entries(env)) {
    if (value && holdsSecret(name) && value.trim().length >= 8) values.add(value.trim());
  }
  // longest first: a secret that contains another is replaced whole
  return [...values].sort((a, b) => b.length - a.length);
}

const REDACTED = '[secret removed by nbrevive]';

/** `text` with each secret value (and its JSON-escaped spelling) replaced. */
export function scrubSecrets(text: string, secrets: readonly string[] = secretValues()): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return out;
}

/** A copy of a JSON-like value with every string scrubbed (events, reports, notebooks). */
export function scrubDeep<T>(value: T, secrets: readonly string[] = secretValues()): T {
  if (secrets.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return scrubSecrets(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

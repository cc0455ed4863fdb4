// Options shared by the CLI commands, parsed with node:util's parseArgs; a bad option is a usage error that names
// the option and what it accepts.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { NbreviveError } from '../../shared/lib/errors';
import { JobSettingsSchema, MAX_TIMEOUT_MS, type JobSettings } from '../../shared/models/loop';
import { readUrlMapFile } from '../core/runtime/url-map';
import type { Store } from '../core/store';
import { jobDefaults } from '../host/handlers/context';

export class UsageError extends Error {}

export const COMMON_OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

export const JOB_OPTIONS = {
  data: { type: 'string' },
  python: { type: 'string' },
  runtime: { type: 'string' },
  image: { type: 'string' },
  gpus: { type: 'string' },
  network: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  runs: { type: 'string' },
  tolerance: { type: 'string' },
  // without a target: the least output fidelity that counts as reproduced (shared/lib/judge.ts)
  'fidelity-threshold': { type: 'string' },
  'url-map': { type: 'string' },
  // 'auto': a case without a score takes the best target its saved outputs show (core/jobs/auto-target.ts)
  target: { type: 'string' },
  // set up the managed Python runtime without asking when no usable interpreter is found
  yes: { type: 'boolean', short: 'y', default: false },
} as const satisfies ParseArgsConfig['options'];

/** A job the loop modernizes (`nbrevive modernize`, `corpus run`): a job's options, iteration limit, fixers. */
export const MODERNIZE_OPTIONS = {
  ...JOB_OPTIONS,
  'max-iterations': { type: 'string' },
  fixers: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** Options that each take a string, by name. */
export function stringOptions<const N extends string>(...names: N[]): { [K in N]: { type: 'string' } } {
  return Object.fromEntries(names.map((n) => [n, { type: 'string' }])) as { [K in N]: { type: 'string' } };
}

/** The arguments parsed strictly (an unknown option, or a positional where none are allowed, is a usage error). */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
  allowPositionals = true,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

function positiveNumber(name: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be a positive ${integer ? 'integer' : 'number'}, got '${value}'`);
  }
  return n;
}

function fraction(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new UsageError(`--${name} must be a number from 0 to 1, got '${value}'`);
  return n;
}

/** Job settings from the command line (and NBREVIVE_PYTHON), validated by the shared schema. */
export function jobSettingsFrom(values: Record<string, unknown>, extra: Partial<JobSettings> = {}): JobSettings {
  const runtime = (values.runtime as string | undefined) ?? 'local';
  if (runtime !== 'local' && runtime !== 'docker')
    throw new UsageError(`--runtime must be 'local' or 'docker', got '${runtime}'`);
  const timeoutSec = positiveNumber('timeout', values.timeout as string | undefined, false);
  if (timeoutSec !== undefined && Math.round(timeoutSec * 1000) > MAX_TIMEOUT_MS) {
    throw new UsageError(
      `--timeout must be at most ${Math.floor(MAX_TIMEOUT_MS / 1000)} ` +
        `seconds (24.8 days), got '${values.timeout as string}'`,
    );
  }
  const runs = positiveNumber('runs', values.runs as string | undefined, true);
  const tolerance = positiveNumber('tolerance', values.tolerance as string | undefined, false);
  const fidelityThreshold = fraction('fidelity-threshold', values['fidelity-threshold'] as string | undefined);
  const parsed = JobSettingsSchema.safeParse({
    runtime,
    python: (values.python as string | undefined) ?? process.env.NBREVIVE_PYTHON ?? null,
    image: (values.image as string | undefined) ?? null,
    gpus: (values.gpus as string | undefined) ?? 'none',
    network: !!values.network,
    // a JSON file {url: localPath}: the kernel serves those URLs from the local copies (url-map.ts)
    ...(typeof values['url-map'] === 'string' ? { urlMap: readUrlMapFile(values['url-map']) } : {}),
    ...(timeoutSec !== undefined ? { timeoutMs: Math.round(timeoutSec * 1000) } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(tolerance !== undefined ? { tolerance } : {}),
    ...(fidelityThreshold !== undefined ? { fidelityThreshold } : {}),
    ...extra,
  });
  if (!parsed.success)
    throw new NbreviveError(
      'invalid-request',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  return parsed.data;
}

/**
 * The URL map saved in the workbench's Settings (the stored job defaults) under the one given with --url-map, which
 * wins per URL: a map set once in the workbench serves the CLI's jobs too.
 */
export function withStoredUrlMap(settings: JobSettings, store: Store): JobSettings {
  const stored = jobDefaults(store).urlMap;
  if (Object.keys(stored).length === 0) return settings;
  return { ...settings, urlMap: { ...stored, ...settings.urlMap } };
}

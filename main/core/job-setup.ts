// Builds what a job runs with from its settings: the store, the runtime (checked before use), the LLM fixer and the
// loop (which fixers a job asks, and in which order, is fixers/fixer-chain.ts).
// The CLI, the worker and the tests all go through here so they run jobs the same way.
import path from 'node:path';
import { NbreviveError } from '../../shared/lib/errors';
import type { JobSettings } from '../../shared/models/loop';
import type { Fixer } from './fixers/fixer';
import { ModernizationLoop } from './loop/loop';
import { LocalRuntime } from './runtime/local-runtime';
import { checkPython, detectPythons, pickDefault } from './runtime/python-detect';
import { readManagedRuntime } from './runtime/python-setup';
import { nbreviveDataDir } from './store/paths';
import type { Runtime } from './runtime/runtime';
import type { Store } from './store';
import { StoreFixMemory } from './fixers/store-fix-memory';
import type { Budget } from './fixers/llm/budget';
import type { LlmSettings } from '../../shared/models/llm';

export interface RuntimeOptions {
  runtime: JobSettings['runtime'];
  python?: string | null;
  image?: string | null;
  gpus?: string;
  network?: boolean;
  /** the user's URL map (URL → local file), served inside the kernel */
  urlMap?: Record<string, string>;
}

const runtimeCache = new Map<string, Promise<Runtime>>();

/** A checked runtime for these settings; throws a typed error whose message says how to make it usable. */
export function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const key = JSON.stringify([
    options.runtime,
    options.python ?? null,
    options.image ?? null,
    options.gpus ?? 'none',
    !!options.network,
    options.urlMap ?? {},
  ]);
  let pending = runtimeCache.get(key);
  if (!pending) {
    pending = buildRuntime(options);
    runtimeCache.set(key, pending);
    pending.catch(() => runtimeCache.delete(key));
  }
  return pending;
}

async function buildRuntime(options: RuntimeOptions): Promise<Runtime> {
  let runtime: Runtime;
  if (options.runtime === 'docker') {
    const { DockerRuntime } = await import('./runtime/docker/docker-runtime');
    const { parseGpuOption } = await import('./runtime/docker/gpu');
    runtime = new DockerRuntime({
      image: options.image ?? 'nbrevive',
      gpus: parseGpuOption(options.gpus),
      network: !!options.network,
      urlMap: options.urlMap,
    });
  } else {
    runtime = new LocalRuntime({ python: await choosePython(options.python ?? null), urlMap: options.urlMap });
  }
  const check = await runtime.check();
  if (!check.ok)
    throw new NbreviveError(options.runtime === 'docker' ? 'docker-unavailable' : 'runtime-unavailable', check.message);
  return runtime;
}

/**
 * The interpreter to use: the one asked for, else the remembered managed runtime (`nbrevive runtimes setup`) while
 * it is still usable, else the first detected one with nbclient + ipykernel. None found is a typed error whose
 * details say so (`reason: 'no-python'`): the CLI then offers to set one up.
 */
export async function choosePython(asked: string | null): Promise<string> {
  if (asked) return asked;
  const remembered = readManagedRuntime(nbreviveDataDir());
  if (remembered && (await checkPython(remembered.python)).ok) return remembered.python;
  const candidates = await detectPythons();
  const pick = pickDefault(candidates);
  if (pick) return pick.path;
  const tried = candidates.map((c) => c.path).join(', ') || 'none found';
  throw new NbreviveError(
    'runtime-unavailable',
    `no Python interpreter with nbclient and ipykernel was found (tried: ${tried}). Let nbrevive set one up: ` +
      '`nbrevive runtimes setup` (a venv with pip, or Debian packages where no package index is reachable), or pass ' +
      '`--yes` to run/modernize/serve; or name an interpreter with --python PATH (or NBREVIVE_PYTHON).',
    { reason: 'no-python' },
  );
}

/**
 * The LLM fixer for one job (it asks the database's fix memory before calling the model). Loaded on demand: the
 * SDK and the tokenizer cost half a second of start-up that runs without the LLM should not pay.
 */
export async function createLlmFixers(store: Store, llm: LlmSettings, budget: Budget | null = null): Promise<Fixer[]> {
  const { createLlmFixer } = await import('./fixers/llm/llm-fixer');
  return [createLlmFixer(llm, { memory: new StoreFixMemory(store), budget })];
}

export function workRootFor(store: Store): string {
  return path.join(path.dirname(store.path), 'work');
}

export function createModernizationLoop(store: Store, runtime: Runtime, fixers: readonly Fixer[]): ModernizationLoop {
  // verified LLM fixes go to the database's fix memory, shared by every job and worker
  return new ModernizationLoop({
    store,
    runtime,
    fixers,
    workRoot: workRootFor(store),
    memory: new StoreFixMemory(store),
  });
}

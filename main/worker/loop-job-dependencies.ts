// What the worker runs jobs with: the engine's runtime for a job's settings (checked before use) and its fixers,
// so a job runs the same under the worker as under `nbrevive run`. The LLM fixer takes the settings stored by the
// UI and the key the host sends with its configuration, else the one `nbrevive serve` keeps beside the database,
// else OPENAI_API_KEY.
import { createLlmFixers, createRuntime, workRootFor } from '../core/job-setup';
import { createFixers } from '../core/fixers/fixer-chain';
import {
  jobBudget,
  llmInputFromStored,
  readStoredLlmSettings,
  resolveLlmSettings,
} from '../core/fixers/llm/stored-settings';
import type { Store } from '../core/store';
import { fileSecretStore, secretFileFor } from '../core/store/secret-file';
import type { LoopJobRunnerDependencies } from './loop-job-runner';

export interface LoopJobKeys {
  /**
   * The key the host sent with its configuration (desktop: from safeStorage), read when a job starts, so a key the
   * host sends later applies to the next job; undefined: none was sent.
   */
  hostApiKey(): string | null | undefined;
}

export function loopJobDependencies(
  store: Store,
  keys: LoopJobKeys = { hostApiKey: () => undefined },
): LoopJobRunnerDependencies {
  return {
    createRuntime: (settings) =>
      createRuntime({
        runtime: settings.runtime,
        python: settings.python,
        image: settings.image,
        gpus: settings.gpus,
        network: settings.network,
        urlMap: settings.urlMap,
      }),
    createFixers: async (settings, job) => {
      if (!settings.fixers.includes('llm')) return createFixers();
      const stored = readStoredLlmSettings(store);
      const apiKey = keys.hostApiKey() ?? fileSecretStore(secretFileFor(store.path)).getKey();
      const llm = resolveLlmSettings({ ...llmInputFromStored(stored), apiKey });
      return createFixers({ extra: await createLlmFixers(store, llm, jobBudget(store, stored, job)) });
    },
    workRoot: workRootFor(store),
  };
}

// Settings: the job defaults, the LLM provider settings and its key (kept in the secret store, sent to the worker
// with its configuration, never through the environment).
import type { z } from 'zod';
import type { AppSettings, SettingsSetInputSchema } from '../../../shared/contracts/schemas';
import { DEFAULT_PRICES } from '../../../shared/models/llm';
import { JobSettingsSchema } from '../../../shared/models/loop';
import { readStoredLlmSettings } from '../../core/fixers/llm/stored-settings';
import {
  jobDefaults,
  queueSettings,
  SETTINGS_KEYS,
  type AppHandlerDependencies,
  type FeatureHandlers,
} from './context';
import { redactQueueUrl } from '../../core/distributed/redis-url';
import { setStoredQueueUrl, storedQueueUrl } from '../queue/queue-setting';

function maskedQueueUrl(store: AppHandlerDependencies['store']): string | null {
  const url = storedQueueUrl(store);
  return url === null ? null : redactQueueUrl(url);
}

export function settingsHandlers({
  store,
  queue,
  secrets,
  defaultConcurrency,
}: AppHandlerDependencies): FeatureHandlers<'settings'> {
  const appSettings = (): AppSettings => {
    const llm = readStoredLlmSettings(store);
    return {
      defaults: jobDefaults(store),
      llm: { ...llm, hasKey: secrets.hasKey(), defaultPrices: DEFAULT_PRICES },
      concurrency: queueSettings(store, defaultConcurrency).concurrency,
      queueUrl: maskedQueueUrl(store),
    };
  };
  return {
    'app:settings.get': () => appSettings(),
    async 'app:settings.set'(input: z.output<typeof SettingsSetInputSchema>) {
      if (input.defaults)
        store.settings.set(
          SETTINGS_KEYS.defaults,
          JobSettingsSchema.parse({ ...jobDefaults(store), ...input.defaults }),
        );
      if (input.llm) {
        const { apiKey, ...rest } = input.llm;
        // the key first: when the store refuses it (no keyring) the LLM settings stay as they were
        if (apiKey !== undefined) {
          await secrets.setKey(apiKey);
          // the worker gets the new key with its configuration (never through the environment)
          const q = queueSettings(store, defaultConcurrency);
          queue.configure(q.concurrency, q.paused);
        }
        const next = { ...readStoredLlmSettings(store) };
        if (rest.baseUrl !== undefined) next.baseUrl = rest.baseUrl;
        if (rest.model !== undefined) next.model = rest.model;
        if (rest.budgetUsd !== undefined) next.budgetUsd = rest.budgetUsd;
        if (rest.totalBudgetUsd !== undefined) next.totalBudgetUsd = rest.totalBudgetUsd;
        if (rest.prices !== undefined) next.prices = rest.prices;
        store.settings.set(SETTINGS_KEYS.llm, next);
      }
      if (input.queueUrl !== undefined) setStoredQueueUrl(store, input.queueUrl);
      return appSettings();
    },
  } satisfies FeatureHandlers<'settings'>;
}

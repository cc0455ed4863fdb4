// The LLM settings the UI stores (settings key `llm`): endpoint, model, price table and spending caps, never the
// key. Nulls mean "the default", so they become absent fields before LlmSettingsSchema applies its defaults. The
// host's settings channel, the worker and the CLI read them through here, so a value saved in the UI means the
// same thing everywhere.
import { z } from 'zod';
import { LlmSettingsSchema, PriceSchema, type LlmSettings, type LlmSettingsInput } from '../../../../shared/models/llm';
import type { Job, Store } from '../../store';
import { Budget } from './budget';

/** Settings with defaults filled and the API key taken from OPENAI_API_KEY when the settings carry none. */
export function resolveLlmSettings(input: LlmSettingsInput = {}, env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const settings = LlmSettingsSchema.parse(input);
  return { ...settings, apiKey: settings.apiKey ?? (env.OPENAI_API_KEY?.trim() || null) };
}

export const LLM_SETTINGS_KEY = 'llm';

export const StoredLlmSettingsSchema = z.object({
  baseUrl: z.string().nullable().default(null),
  model: z.string().nullable().default(null),
  /** USD cap per job */
  budgetUsd: z.number().nonnegative().nullable().default(null),
  /** USD cap over every job in this database */
  totalBudgetUsd: z.number().nonnegative().nullable().default(null),
  prices: z.record(z.string(), PriceSchema).default({}),
});
export type StoredLlmSettings = z.infer<typeof StoredLlmSettingsSchema>;

export function readStoredLlmSettings(store: Store): StoredLlmSettings {
  return store.settings.get(LLM_SETTINGS_KEY, StoredLlmSettingsSchema) ?? StoredLlmSettingsSchema.parse({});
}

/** The stored settings as LlmSettingsSchema input (without a key). */
export function llmInputFromStored(stored: StoredLlmSettings): LlmSettingsInput {
  return {
    ...(stored.baseUrl ? { baseUrl: stored.baseUrl, preset: 'custom' as const } : {}),
    ...(stored.model ? { model: stored.model } : {}),
    prices: stored.prices,
  };
}

/**
 * The budget one job's LLM calls are charged to: its own cap (restored with what the job already spent, so a
 * resumed job does not start afresh) under the database-wide cap (restored with what every job spent).
 */
export function jobBudget(store: Store, stored: StoredLlmSettings, job: Pick<Job, 'id' | 'costUsd'>): Budget {
  const total = new Budget('all jobs', { maxUsd: stored.totalBudgetUsd });
  total.restore({ usd: store.jobs.totalCostUsd() });
  const budget = total.child(`job ${job.id}`, { maxUsd: stored.budgetUsd });
  budget.restore({ usd: job.costUsd });
  return budget;
}

// Command-line options of the LLM fixer (and their NBREVIVE_LLM_* environment variables), and building the LLM
// and fix-memory fixers from them. The API key comes from OPENAI_API_KEY (never from a flag, so it stays out of
// shell history and process listings).
import type { ParseArgsConfig } from 'node:util';
import { LlmSettingsSchema, type LlmSettings, type LlmSettingsInput } from '../../shared/models/llm';
import type { Fixer } from '../core/fixers/fixer';
import { createLlmFixers } from '../core/job-setup';
import { Budget } from '../core/fixers/llm/budget';
import { llmInputFromStored, readStoredLlmSettings, resolveLlmSettings } from '../core/fixers/llm/stored-settings';
import type { Store } from '../core/store';
import { COMMON_OPTIONS, MODERNIZE_OPTIONS, parse, UsageError } from './options';

export const LLM_OPTIONS = {
  'llm-preset': { type: 'string' },
  'llm-base-url': { type: 'string' },
  'llm-model': { type: 'string' },
  'llm-format': { type: 'string' },
  'llm-temperature': { type: 'string' },
  'llm-max-tokens': { type: 'string' },
  'llm-timeout': { type: 'string' },
  'llm-stream': { type: 'boolean' },
  'budget-usd': { type: 'string' },
  'budget-tokens': { type: 'string' },
} as const;

/** The arguments of a command that runs the loop with any fixer (`nbrevive modernize`, `corpus run`), parsed. */
export function parseLoopCommand<const E extends NonNullable<ParseArgsConfig['options']>>(args: string[], own: E) {
  return parse(args, { ...COMMON_OPTIONS, ...MODERNIZE_OPTIONS, ...LLM_OPTIONS, ...own });
}

export interface LlmCliSettings {
  llm: LlmSettings;
  budget: { maxUsd: number | null; maxTokens: number | null };
}

function num(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new UsageError(`--${name} must be a non-negative number, got '${String(value)}'`);
  return n;
}

/** Settings stored in the database (settings key `llm`, without the key) overlaid by env and flags. */
export function llmSettingsFrom(values: Record<string, unknown>, store: Store | null): LlmCliSettings {
  const stored = store ? readStoredLlmSettings(store) : null;
  const env = process.env;
  const input: LlmSettingsInput = { ...(stored ? llmInputFromStored(stored) : {}), apiKey: null };
  const preset = (values['llm-preset'] as string | undefined) ?? env.NBREVIVE_LLM_PRESET;
  if (preset) {
    input.preset = preset as LlmSettingsInput['preset'];
    // a preset given here means its server, not the URL stored in the settings
    delete input.baseUrl;
  }
  const baseUrl = (values['llm-base-url'] as string | undefined) ?? env.NBREVIVE_LLM_BASE_URL;
  if (baseUrl) input.baseUrl = baseUrl;
  const model = (values['llm-model'] as string | undefined) ?? env.NBREVIVE_LLM_MODEL;
  if (model) input.model = model;
  const format = (values['llm-format'] as string | undefined) ?? env.NBREVIVE_LLM_FORMAT;
  if (format) {
    if (format !== 'cells' && format !== 'notebook')
      throw new UsageError(`--llm-format must be 'cells' or 'notebook', got '${format}'`);
    input.format = format;
  }
  const temperature = num('llm-temperature', values['llm-temperature']);
  if (temperature !== undefined) input.temperature = temperature;
  const maxTokens = num('llm-max-tokens', values['llm-max-tokens']);
  if (maxTokens !== undefined) input.maxTokens = Math.round(maxTokens);
  const timeout = num('llm-timeout', values['llm-timeout']);
  if (timeout !== undefined) input.timeoutMs = Math.round(timeout * 1000);
  if (values['llm-stream'] !== undefined) input.stream = !!values['llm-stream'];
  const parsed = LlmSettingsSchema.safeParse(input);
  if (!parsed.success)
    throw new UsageError(
      `LLM settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return {
    llm: resolveLlmSettings(parsed.data),
    budget: {
      maxUsd: num('budget-usd', values['budget-usd'] ?? env.NBREVIVE_BUDGET_USD) ?? null,
      maxTokens: num('budget-tokens', values['budget-tokens'] ?? env.NBREVIVE_BUDGET_TOKENS) ?? null,
    },
  };
}

/** The LLM fixer for one job, charged to `budget` (a corpus budget's child) or to a budget of its own. */
export async function buildLlmFixers(store: Store, settings: LlmCliSettings, budget?: Budget): Promise<Fixer[]> {
  return createLlmFixers(store, settings.llm, budget ?? new Budget('job', settings.budget));
}

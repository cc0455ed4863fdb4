// Settings of the LLM fixer (an OpenAI or OpenAI-compatible chat-completions server) and its price table.
// Pure data + zod, so the settings UI, the CLI and the worker share one definition. The API key may ride in a
// settings object in memory only: `publicLlmSettings` is what may be stored or shown.
import { z } from 'zod';

export const LLM_PRESETS = {
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', local: false },
  ollama: { label: 'Ollama', baseUrl: 'http://localhost:11434/v1', local: true },
  vllm: { label: 'vLLM', baseUrl: 'http://localhost:8000/v1', local: true },
  llamacpp: { label: 'llama.cpp server', baseUrl: 'http://localhost:8080/v1', local: true },
  lmstudio: { label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', local: true },
} as const;
export type LlmPreset = keyof typeof LLM_PRESETS;
export const LlmPresetSchema = z.enum(['openai', 'ollama', 'vllm', 'llamacpp', 'lmstudio', 'custom']);

export const PriceSchema = z.object({
  /** US dollars per million prompt (input) tokens */
  inputPerMTok: z.number().nonnegative(),
  /** US dollars per million completion (output) tokens */
  outputPerMTok: z.number().nonnegative(),
});
export type Price = z.infer<typeof PriceSchema>;

/**
 * Default list prices (USD per 1M tokens) of a few OpenAI models, as published when this table was written;
 * the user edits them in settings. Models on local servers cost $0 unless the table names them.
 */
export const DEFAULT_PRICES: Record<string, Price> = {
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
};

export const LlmFormatSchema = z.enum(['cells', 'notebook']);
export type LlmFormat = z.infer<typeof LlmFormatSchema>;

export const LlmSettingsSchema = z.object({
  preset: LlmPresetSchema.default('openai'),
  /** overrides the preset's URL; `…/v1` of any OpenAI-compatible server */
  baseUrl: z.string().url().nullable().default(null),
  model: z.string().min(1).default('gpt-4o-mini'),
  /** in memory only; falls back to OPENAI_API_KEY. Never stored in plain text, never logged. */
  apiKey: z.string().nullable().default(null),
  /** null: not sent (some reasoning models accept only their default) */
  temperature: z.number().min(0).max(2).nullable().default(0),
  /** completion tokens per answer */
  maxTokens: z.number().int().positive().default(8192),
  /** which request field carries maxTokens; auto: max_completion_tokens for OpenAI, max_tokens elsewhere */
  maxTokensField: z.enum(['auto', 'max_tokens', 'max_completion_tokens']).default('auto'),
  timeoutMs: z.number().int().positive().default(180_000),
  /** retries after 429 / 5xx / network errors, with exponential backoff (Retry-After honoured) */
  retries: z.number().int().nonnegative().default(3),
  retryBaseMs: z.number().int().positive().default(1000),
  /** longest Retry-After we wait for; a longer one fails the call */
  maxRetryAfterMs: z.number().int().positive().default(120_000),
  stream: z.boolean().default(false),
  /** answer format asked for; both are accepted in answers */
  format: LlmFormatSchema.default('cells'),
  /** structured output for the cells format; auto: json_schema, then json_object, then plain, as the server allows */
  structuredOutput: z.enum(['auto', 'json_schema', 'json_object', 'none']).default('auto'),
  /** the model's context window: prompt + answer must fit */
  contextTokens: z.number().int().positive().default(32_000),
  tokenizer: z.enum(['auto', 'o200k_base', 'cl100k_base']).default('auto'),
  /** code cells shown in full on each side of a cell the problem points at (cells format) */
  neighbourCells: z.number().int().nonnegative().default(1),
  /** editable price table, merged over DEFAULT_PRICES */
  prices: z.record(z.string(), PriceSchema).default({}),
});
export type LlmSettings = z.infer<typeof LlmSettingsSchema>;
export type LlmSettingsInput = z.input<typeof LlmSettingsSchema>;

/** The base URL a settings object talks to, without a trailing slash. */
export function llmBaseUrl(settings: Pick<LlmSettings, 'preset' | 'baseUrl'>): string {
  const url = settings.baseUrl ?? (settings.preset === 'custom' ? null : LLM_PRESETS[settings.preset].baseUrl);
  if (!url) return LLM_PRESETS.openai.baseUrl;
  return url.replace(/\/+$/, '');
}

/** True when the server runs on this machine or the preset is a local server: its calls cost $0 by default. */
export function isLocalLlm(settings: Pick<LlmSettings, 'preset' | 'baseUrl'>): boolean {
  const url = llmBaseUrl(settings);
  if (/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/i.test(url)) return true;
  return settings.preset !== 'custom' && settings.preset !== 'openai' && settings.baseUrl === null;
}

/** The price of a model: the user's table first, then the defaults, matching the longest model-name prefix. */
export function priceFor(settings: Pick<LlmSettings, 'preset' | 'baseUrl' | 'model' | 'prices'>): Price | null {
  const table = { ...(isLocalLlm(settings) ? {} : DEFAULT_PRICES), ...settings.prices };
  if (table[settings.model]) return table[settings.model] ?? null;
  const prefix = Object.keys(table)
    .filter((name) => settings.model.startsWith(`${name}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? (table[prefix] ?? null) : null;
}

/** Dollars for one call; unknown models and local servers cost 0. */
export function costUsd(price: Price | null, promptTokens: number, completionTokens: number): number {
  if (!price) return 0;
  return (promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1_000_000;
}

/** What may be stored in the database or sent to the renderer: the key replaced by whether there is one. */
export function publicLlmSettings(settings: LlmSettings): Omit<LlmSettings, 'apiKey'> & { hasKey: boolean } {
  const { apiKey, ...rest } = settings;
  return { ...rest, hasKey: Boolean(apiKey) };
}

// The chat-completions client of the LLM fixer: the `openai` SDK pointed at OpenAI or any OpenAI-compatible server
// (Ollama, vLLM, llama.cpp, LM Studio), with our own retry loop (exponential backoff on 429 / 5xx / network
// errors, Retry-After honoured), structured output that steps down to what the server supports, streaming or not,
// and errors that name the server and the HTTP status and never carry the API key.
import OpenAI from 'openai';
import { NbreviveError } from '../../../../shared/lib/errors';
import { LLM_PRESETS, isLocalLlm, llmBaseUrl, type LlmSettings } from '../../../../shared/models/llm';
import type { ChatMessage } from './prompt';

export { LLM_PRESETS };

export { resolveLlmSettings } from './stored-settings';

/** Replaces a secret (and any `Bearer …`/`sk-…` token) in text meant for logs, errors and the database. */
export function redactSecret(text: string, secret: string | null): string {
  let out = text;
  if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out.replace(/Bearer\s+[^\s"',]+/gi, 'Bearer [redacted]').replace(/\bsk-[A-Za-z0-9_-]{8,}/g, 'sk-[redacted]');
}

export type ResponseMode = 'json_schema' | 'json_object' | 'none';

export interface ChatRequest {
  messages: ChatMessage[];
  /** ask for JSON matching this schema (structured output), stepping down to json_object and plain text */
  jsonSchema?: { name: string; schema: Record<string, unknown> } | null;
  signal?: AbortSignal;
}

export interface ChatResult {
  content: string;
  /** as the server reported them; null when it did not */
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: string | null;
  model: string;
  /** how the JSON answer was asked for */
  responseMode: ResponseMode;
  attempts: number;
}

export interface LlmClientOptions {
  /** progress lines (retries, fallbacks); never contain the key */
  onLog?: (message: string) => void;
  /** injectable for tests of the backoff arithmetic; defaults to a real, abortable timer */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new NbreviveError('cancelled', 'the LLM call was cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new NbreviveError('cancelled', 'the LLM call was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class IdleTimeout extends Error {}

/** 0.4 s, 3 s, 180 s */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

type Verdict =
  | { kind: 'retry'; delayMs: number | null; reason: string }
  | { kind: 'downgrade' }
  /** the server rejects a parameter it does not support for this model: adapt the request and ask again */
  | { kind: 'adapt'; what: 'temperature' | 'max-tokens-field' }
  | { kind: 'fatal'; error: NbreviveError };

function errorCode(e: unknown): string | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

/** Retry-After as milliseconds: `retry-after-ms`, seconds, or an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms)) return Math.max(0, ms);
  const value = headers.get('retry-after');
  if (value === null) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export class LlmClient {
  readonly baseUrl: string;
  readonly settings: LlmSettings;
  private readonly client: OpenAI;
  private mode: ResponseMode;
  /** learnt from the server's 400s: some models take only their default temperature, or only one max-tokens field */
  private sendTemperature: boolean;
  private maxTokensField: 'max_tokens' | 'max_completion_tokens';
  private adaptedMaxTokens = false;
  private readonly log: (message: string) => void;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(settings: LlmSettings, options: LlmClientOptions = {}) {
    this.settings = settings;
    this.baseUrl = llmBaseUrl(settings);
    if (!settings.apiKey && !isLocalLlm(settings)) {
      throw new NbreviveError(
        'llm-error',
        `no API key for the LLM server at ${this.baseUrl}: set OPENAI_API_KEY or enter the key in settings`,
      );
    }
    // local servers ignore the key, but the SDK needs one
    this.client = new OpenAI({
      apiKey: settings.apiKey ?? 'no-key',
      baseURL: this.baseUrl,
      maxRetries: 0,
      timeout: settings.timeoutMs,
    });
    this.mode = settings.structuredOutput === 'auto' ? 'json_schema' : settings.structuredOutput;
    this.sendTemperature = settings.temperature !== null;
    this.maxTokensField =
      settings.maxTokensField === 'auto'
        ? settings.preset === 'openai' && settings.baseUrl === null
          ? 'max_completion_tokens'
          : 'max_tokens'
        : settings.maxTokensField;
    const log = options.onLog ?? (() => undefined);
    this.log = (message) => log(this.redact(message));
    this.sleep = options.sleep ?? abortableSleep;
  }

  redact(text: string): string {
    return redactSecret(text, this.settings.apiKey);
  }

  /** One chat completion, retried and stepped down as the server requires. */
  async chat(request: ChatRequest): Promise<ChatResult> {
    const { settings } = this;
    let attempt = 0;
    for (;;) {
      attempt++;
      const mode: ResponseMode = request.jsonSchema ? this.mode : 'none';
      try {
        const result = settings.stream ? await this.once(request, mode, true) : await this.once(request, mode, false);
        return { ...result, responseMode: mode, attempts: attempt };
      } catch (e) {
        const verdict = this.classify(e, request, mode, attempt);
        if (verdict.kind === 'fatal') throw verdict.error;
        if (verdict.kind === 'adapt') {
          if (verdict.what === 'temperature') this.sendTemperature = false;
          else this.maxTokensField = this.maxTokensField === 'max_tokens' ? 'max_completion_tokens' : 'max_tokens';
          this.log(
            `the LLM server at ${this.baseUrl} rejected ${verdict.what === 'temperature' ? 'the temperature setting; asking with the model default' : `${verdict.what}; asking with ${this.maxTokensField}`}`,
          );
          attempt--;
          continue;
        }
        if (verdict.kind === 'downgrade') {
          this.mode = mode === 'json_schema' ? 'json_object' : 'none';
          this.log(
            `the LLM server at ${this.baseUrl} does not accept response_format ${mode}; asking with ${this.mode}`,
          );
          attempt--;
          continue;
        }
        const backoff = settings.retryBaseMs * 2 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
        const delay = Math.min(verdict.delayMs ?? backoff, settings.maxRetryAfterMs);
        this.log(`${verdict.reason}; retry ${attempt} of ${settings.retries} in ${seconds(delay)}`);
        await this.sleep(delay, request.signal);
      }
    }
  }

  private body(request: ChatRequest, mode: ResponseMode, stream: boolean): Record<string, unknown> {
    const { settings } = this;
    const body: Record<string, unknown> = {
      model: settings.model,
      messages: request.messages,
      [this.maxTokensField]: settings.maxTokens,
    };
    if (this.sendTemperature && settings.temperature !== null) body.temperature = settings.temperature;
    if (mode === 'json_schema' && request.jsonSchema) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
      };
    } else if (mode === 'json_object') {
      body.response_format = { type: 'json_object' };
    }
    if (stream) {
      body.stream = true;
      body.stream_options = { include_usage: true };
    }
    return body;
  }

  private async once(
    request: ChatRequest,
    mode: ResponseMode,
    stream: boolean,
  ): Promise<Omit<ChatResult, 'responseMode' | 'attempts'>> {
    const body = this.body(request, mode, stream);
    const requestOptions = { signal: request.signal, timeout: this.settings.timeoutMs };
    if (!stream) {
      const completion = (await this.client.chat.completions.create(
        body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
        requestOptions,
      )) as OpenAI.ChatCompletion;
      const choice = completion.choices?.[0];
      return {
        content: choice?.message?.content ?? '',
        promptTokens: completion.usage?.prompt_tokens ?? null,
        completionTokens: completion.usage?.completion_tokens ?? null,
        finishReason: choice?.finish_reason ?? null,
        model: completion.model ?? this.settings.model,
      };
    }
    // a stream that stops sending chunks is as dead as a server that never answers: an idle timer aborts it
    const idle = new AbortController();
    const onAbort = (): void => idle.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        idle.abort();
      }, this.settings.timeoutMs);
    };
    try {
      arm();
      const chunks = (await this.client.chat.completions.create(
        body as unknown as OpenAI.ChatCompletionCreateParamsStreaming,
        {
          signal: idle.signal,
          timeout: this.settings.timeoutMs,
        },
      )) as AsyncIterable<OpenAI.ChatCompletionChunk>;
      let content = '';
      let promptTokens: number | null = null;
      let completionTokens: number | null = null;
      let finishReason: string | null = null;
      let model = this.settings.model;
      for await (const chunk of chunks) {
        arm();
        const choice = chunk.choices?.[0];
        content += choice?.delta?.content ?? '';
        finishReason = choice?.finish_reason ?? finishReason;
        if (chunk.model) model = chunk.model;
        if (chunk.usage) {
          promptTokens = chunk.usage.prompt_tokens ?? promptTokens;
          completionTokens = chunk.usage.completion_tokens ?? completionTokens;
        }
      }
      return { content, promptTokens, completionTokens, finishReason, model };
    } catch (e) {
      if (timedOut && !request.signal?.aborted) throw new IdleTimeout('stream idle');
      throw e;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  private classify(e: unknown, request: ChatRequest, mode: ResponseMode, attempt: number): Verdict {
    if (request.signal?.aborted || e instanceof OpenAI.APIUserAbortError) {
      return { kind: 'fatal', error: new NbreviveError('cancelled', 'the LLM call was cancelled') };
    }
    if (e instanceof NbreviveError) return { kind: 'fatal', error: e };
    if (e instanceof IdleTimeout || e instanceof OpenAI.APIConnectionTimeoutError) return this.timedOut(attempt);
    if (e instanceof OpenAI.APIConnectionError) return this.connectionFailed(e, attempt);
    if (e instanceof OpenAI.APIError && typeof e.status === 'number') {
      return this.adaptation(e, e.status, mode) ?? this.httpFailed(e, e.status, attempt);
    }
    const message = e instanceof Error ? e.message : String(e);
    return this.fatal(`the call to the LLM server at ${this.baseUrl} failed: ${message}`, attempt);
  }

  /** a fatal verdict: an 'llm-error' that names the server, the HTTP status and the attempts (the key redacted) */
  private fatal(message: string, attempt: number, status?: number): Verdict {
    return {
      kind: 'fatal',
      error: new NbreviveError('llm-error', this.redact(message), {
        baseUrl: this.baseUrl,
        status: status ?? null,
        attempts: attempt,
      }),
    };
  }

  private timedOut(attempt: number): Verdict {
    const { settings } = this;
    const reason = `the LLM server at ${this.baseUrl} did not answer within ${seconds(settings.timeoutMs)}`;
    if (attempt <= settings.retries) return { kind: 'retry', delayMs: null, reason };
    return this.fatal(
      `${reason} (${attempt} attempt${attempt > 1 ? 's' : ''}): check that the server is running and the model ` +
        `"${settings.model}" is loaded, or raise the timeout`,
      attempt,
    );
  }

  private connectionFailed(e: InstanceType<typeof OpenAI.APIConnectionError>, attempt: number): Verdict {
    const url = this.baseUrl;
    const code = errorCode(e);
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH') {
      return this.fatal(
        `could not reach the LLM server at ${url} (${code}): is it running? check the base URL in settings`,
        attempt,
      );
    }
    const reason = `the connection to the LLM server at ${url} failed (${code ?? e.message})`;
    if (attempt <= this.settings.retries) return { kind: 'retry', delayMs: null, reason };
    return this.fatal(`${reason} after ${attempt} attempts: check the network and the server`, attempt);
  }

  /** A 400 the request can be adapted to: no temperature, the other max-tokens field, no response format. */
  private adaptation(e: InstanceType<typeof OpenAI.APIError>, status: number, mode: ResponseMode): Verdict | null {
    if (status !== 400) return null;
    if (
      this.sendTemperature &&
      /temperature/i.test(e.message) &&
      /unsupported|not support|only the default/i.test(e.message)
    ) {
      return { kind: 'adapt', what: 'temperature' };
    }
    if (
      !this.adaptedMaxTokens &&
      /max_tokens|max_completion_tokens/.test(e.message) &&
      /unsupported|not support|instead/i.test(e.message)
    ) {
      this.adaptedMaxTokens = true;
      return { kind: 'adapt', what: 'max-tokens-field' };
    }
    if (mode !== 'none' && /response_format|json_schema|json_object|structured|grammar|schema/i.test(e.message)) {
      return { kind: 'downgrade' };
    }
    return null;
  }

  /** An HTTP error: the key or the model refused (fatal), a quota used up, or a rate limit / server error retried. */
  private httpFailed(e: InstanceType<typeof OpenAI.APIError>, status: number, attempt: number): Verdict {
    const url = this.baseUrl;
    const { settings } = this;
    const detail = this.redact(e.message.replace(/^\d{3}\s*/, '')).slice(0, 300);
    if (status === 401) {
      return this.fatal(
        `the LLM server at ${url} refused the API key (HTTP 401): check OPENAI_API_KEY or the key in settings`,
        attempt,
        status,
      );
    }
    if (status === 403) {
      return this.fatal(
        `the LLM server at ${url} denied access (HTTP 403) to model "${settings.model}": check the key's permissions`,
        attempt,
        status,
      );
    }
    if (status === 404) {
      return this.fatal(
        `the LLM server at ${url} has no model "${settings.model}" or no chat-completions ` +
          `endpoint (HTTP 404): check the model name and that the base URL ends in /v1`,
        attempt,
        status,
      );
    }
    if (status === 429 && /insufficient_quota/.test(`${e.code ?? ''} ${e.message}`)) {
      return this.fatal(
        `the LLM server at ${url} says the account's quota is used up (HTTP 429): ${detail}`,
        attempt,
        status,
      );
    }
    if (status === 429 || status === 408 || status === 409 || status >= 500) {
      const wait = retryAfterMs(e.headers);
      if (wait !== null && wait > settings.maxRetryAfterMs) {
        return this.fatal(
          `the LLM server at ${url} asks to wait ${seconds(wait)} (HTTP ${status}), ` +
            `longer than the ${seconds(settings.maxRetryAfterMs)} allowed: try again later`,
          attempt,
          status,
        );
      }
      const reason = `the LLM server at ${url} answered HTTP ${status}${status === 429 ? ' (rate limited)' : ''}`;
      if (attempt <= settings.retries) return { kind: 'retry', delayMs: wait, reason };
      return this.fatal(`${reason} ${attempt} times: ${detail}`, attempt, status);
    }
    return this.fatal(`the LLM server at ${url} rejected the request (HTTP ${status}): ${detail}`, attempt, status);
  }
}

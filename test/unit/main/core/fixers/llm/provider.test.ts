import { describe, expect, it } from 'vitest';
import { costUsd, isLocalLlm, llmBaseUrl, priceFor, publicLlmSettings } from '../../../../../../shared/models/llm';
import { redactSecret, resolveLlmSettings, retryAfterMs } from '../../../../../../main/core/fixers/llm/provider';

describe('provider settings', () => {
  it('takes the key from OPENAI_API_KEY only when settings carry none, and never exposes it publicly', () => {
    expect(resolveLlmSettings({}, { OPENAI_API_KEY: 'sk-env' }).apiKey).toBe('sk-env');
    expect(resolveLlmSettings({ apiKey: 'sk-set' }, { OPENAI_API_KEY: 'sk-env' }).apiKey).toBe('sk-set');
    const pub = publicLlmSettings(resolveLlmSettings({ apiKey: 'sk-set' }, {}));
    expect(pub).not.toHaveProperty('apiKey');
    expect(pub.hasKey).toBe(true);
    expect(JSON.stringify(pub)).not.toContain('sk-set');
  });

  it('resolves presets and custom URLs', () => {
    expect(llmBaseUrl({ preset: 'ollama', baseUrl: null })).toBe('http://localhost:11434/v1');
    expect(llmBaseUrl({ preset: 'vllm', baseUrl: null })).toBe('http://localhost:8000/v1');
    expect(llmBaseUrl({ preset: 'custom', baseUrl: 'http://gpu-box:8080/v1/' })).toBe('http://gpu-box:8080/v1');
    expect(isLocalLlm({ preset: 'lmstudio', baseUrl: null })).toBe(true);
    expect(isLocalLlm({ preset: 'custom', baseUrl: 'http://127.0.0.1:9/v1' })).toBe(true);
    expect(isLocalLlm({ preset: 'openai', baseUrl: null })).toBe(false);
  });

  it('prices calls from the editable table, by longest model prefix, and local servers at $0', () => {
    const openai = resolveLlmSettings({ model: 'gpt-4o-mini-2024-07-18' }, {});
    expect(priceFor(openai)).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(costUsd(priceFor(openai), 1_000_000, 1_000_000)).toBeCloseTo(0.75, 10);
    const edited = resolveLlmSettings(
      { model: 'gpt-4o-mini', prices: { 'gpt-4o-mini': { inputPerMTok: 1, outputPerMTok: 2 } } },
      {},
    );
    expect(costUsd(priceFor(edited), 1000, 1000)).toBeCloseTo(0.003, 10);
    expect(priceFor(resolveLlmSettings({ preset: 'ollama', model: 'gpt-4o' }, {}))).toBeNull();
    expect(costUsd(null, 5000, 5000)).toBe(0);
  });
});

describe('provider helpers', () => {
  it('reads Retry-After in seconds, milliseconds and as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150' }))).toBe(150);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6000);
    expect(retryAfterMs(new Headers({}))).toBeNull();
  });

  it('redacts the key and anything that looks like one', () => {
    expect(redactSecret('key abc123secret and Bearer zzz and sk-proj-ABCDEFGHIJ', 'abc123secret')).toBe(
      'key [redacted] and Bearer [redacted] and sk-[redacted]',
    );
  });
});

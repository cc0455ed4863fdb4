// Token counting with a real BPE tokenizer (js-tiktoken): o200k_base for current OpenAI models, cl100k_base for
// older ones and as the stand-in for local models (whose own tokenizers are not available offline; counts are
// close enough to budget a context). Ranks load lazily (about 2 s for o200k) and once per process.
import { Tiktoken } from 'js-tiktoken/lite';
import type { LlmSettings } from '../../../../shared/models/llm';

export type TokenizerName = 'o200k_base' | 'cl100k_base';

export interface TokenCounter {
  readonly name: TokenizerName;
  count(text: string): number;
}

const loaded = new Map<TokenizerName, Promise<TokenCounter>>();

export function loadTokenizer(name: TokenizerName): Promise<TokenCounter> {
  let counter = loaded.get(name);
  if (!counter) {
    counter = (async () => {
      const ranks =
        name === 'o200k_base'
          ? (await import('js-tiktoken/ranks/o200k_base')).default
          : (await import('js-tiktoken/ranks/cl100k_base')).default;
      const encoder = new Tiktoken(ranks);
      // special-token text inside a notebook (e.g. "<|endoftext|>") is counted as plain text, never rejected
      return { name, count: (text: string) => encoder.encode(text, [], []).length };
    })();
    loaded.set(name, counter);
  }
  return counter;
}

/** The tokenizer a model most likely uses. */
export function tokenizerFor(settings: Pick<LlmSettings, 'tokenizer' | 'model'>): TokenizerName {
  if (settings.tokenizer !== 'auto') return settings.tokenizer;
  return /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o[1-9]|chatgpt-4o)/i.test(settings.model)
    ? 'o200k_base'
    : 'cl100k_base';
}

/** Chat messages cost a few tokens each beyond their text (OpenAI's documented overhead). */
export function countMessages(counter: TokenCounter, messages: Array<{ content: string }>): number {
  return messages.reduce((sum, message) => sum + 4 + counter.count(message.content), 3);
}

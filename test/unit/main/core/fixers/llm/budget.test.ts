import { describe, expect, it } from 'vitest';
import { Budget } from '../../../../../../main/core/fixers/llm/budget';
import { isNbreviveError } from '../../../../../../shared/lib/errors';

describe('Budget', () => {
  it('charges the job and its corpus, and stops at the job cap in dollars', () => {
    const corpus = new Budget('corpus kaggle', { maxUsd: 1 });
    const job = corpus.child('job 7', { maxUsd: 0.01 });
    job.assertCanSpend(1000, 0.001);
    job.charge({ promptTokens: 1000, completionTokens: 500, costUsd: 0.009 });
    expect(job.spent()).toEqual({ usd: 0.009, tokens: 1500, calls: 1 });
    expect(corpus.spent()).toEqual({ usd: 0.009, tokens: 1500, calls: 1 });
    let error: unknown;
    try {
      job.assertCanSpend(1000, 0.002);
    } catch (e) {
      error = e;
    }
    expect(isNbreviveError(error) && error.code).toBe('budget-exceeded');
    expect((error as Error).message).toMatch(
      /the LLM budget of job 7 is used up: \$0\.0090 spent of \$0\.01 .*raise the cap/,
    );
  });

  it('stops at the corpus token cap through any job', () => {
    const corpus = new Budget('corpus c', { maxTokens: 2000 });
    corpus.child('job 1').charge({ promptTokens: 1500, completionTokens: 0, costUsd: 0 });
    const job2 = corpus.child('job 2');
    expect(() => job2.assertCanSpend(600)).toThrow(/token budget of corpus c is used up: 1500 tokens spent of 2000/);
    expect(() => job2.assertCanSpend(400)).not.toThrow();
  });

  it('restores what a resumed job had spent', () => {
    const job = new Budget('job 3', { maxTokens: 100 });
    job.restore({ tokens: 100 });
    expect(() => job.assertCanSpend(1)).toThrow(/used up/);
  });
});

// The LLM settings saved by the workbench, as the worker reads them from a real SQLite file: nulls mean defaults
// (a cleared model field must not break the worker), the price table reaches the fixer, and the per-job and
// database-wide budgets are restored from what was already spent, so a resumed job cannot overspend.
import { describe, expect, it } from 'vitest';
import { jobBudget, llmInputFromStored, readStoredLlmSettings } from '../../../main/core/fixers/llm';
import { loopJobDependencies } from '../../../main/worker/loop-job-dependencies';
import { NbreviveError } from '../../../shared/lib/errors';
import { LlmSettingsSchema, priceFor } from '../../../shared/models/llm';
import { JobSettingsSchema } from '../../../shared/models/loop';
import { seedCase, useTempStores } from '../store/store-fixtures';

const stores = useTempStores();

describe('stored LLM settings', () => {
  it('turn nulls into defaults and a stored URL into a custom server with the user prices', () => {
    const store = stores.open();
    expect(readStoredLlmSettings(store)).toEqual({
      baseUrl: null,
      model: null,
      budgetUsd: null,
      totalBudgetUsd: null,
      prices: {},
    });
    store.settings.set('llm', { baseUrl: null, model: null, budgetUsd: null });
    expect(LlmSettingsSchema.parse(llmInputFromStored(readStoredLlmSettings(store)))).toMatchObject({
      preset: 'openai',
      model: 'gpt-4o-mini',
    });
    store.settings.set('llm', {
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'qwen-coder',
      prices: { 'qwen-coder': { inputPerMTok: 1, outputPerMTok: 2 } },
    });
    const llm = LlmSettingsSchema.parse(llmInputFromStored(readStoredLlmSettings(store)));
    expect(llm).toMatchObject({ preset: 'custom', baseUrl: 'http://127.0.0.1:8000/v1', model: 'qwen-coder' });
    // a local server costs nothing by default, but the user's table prices it
    expect(priceFor(llm)).toEqual({ inputPerMTok: 1, outputPerMTok: 2 });
  });

  it('build the worker fixers from settings the UI saved with an empty model (no crash)', async () => {
    const store = stores.open();
    store.settings.set('llm', { baseUrl: null, model: null, budgetUsd: null });
    const job = store.jobs.create({ caseId: seedCase(store), settings: { fixers: ['rules', 'llm'] } });
    const fixers = await loopJobDependencies(store, { hostApiKey: () => 'sk-test-0123456789' }).createFixers(
      JobSettingsSchema.parse({ fixers: ['rules', 'llm'] }),
      job,
    );
    expect(fixers.map((f) => f.name)).toEqual(['rules', 'llm']);
  });

  it('cap a job by its own spending and every job by the total, restored from the database', () => {
    const store = stores.open();
    const caseId = seedCase(store);
    const a = store.jobs.create({ caseId });
    const b = store.jobs.create({ caseId });
    store.jobs.addUsage(a.id, { promptTokens: 1000, completionTokens: 100, costUsd: 0.4 });
    store.jobs.addUsage(b.id, { promptTokens: 1000, completionTokens: 100, costUsd: 0.5 });
    const caps = { baseUrl: null, model: null, prices: {}, budgetUsd: 0.45, totalBudgetUsd: 1 };
    // job a has 0.05 left of its own cap
    const budgetA = jobBudget(store, caps, store.jobs.require(a.id));
    expect(() => budgetA.assertCanSpend(0, 0.04)).not.toThrow();
    const overJob = (() => {
      try {
        budgetA.assertCanSpend(0, 0.06);
      } catch (e) {
        return e;
      }
    })();
    expect(overJob).toBeInstanceOf(NbreviveError);
    expect((overJob as NbreviveError).message).toMatch(
      new RegExp(`^the LLM budget of job ${a.id} is used up: \\$0\\.4000 spent of \\$0\\.45`),
    );
    // every job together has 0.1 left of the total: job b (0.5 of its 0.45 cap is already over) and a fresh job
    const fresh = store.jobs.create({ caseId });
    const budgetFresh = jobBudget(store, { ...caps, budgetUsd: null }, fresh);
    expect(() => budgetFresh.assertCanSpend(0, 0.09)).not.toThrow();
    expect(() => budgetFresh.assertCanSpend(0, 0.11)).toThrow(
      /^the LLM budget of all jobs is used up: \$0\.9000 spent of \$1\.00/,
    );
    expect(() => jobBudget(store, caps, store.jobs.require(b.id)).assertCanSpend(0, 0.001)).toThrow(/budget of job/);
  });
});

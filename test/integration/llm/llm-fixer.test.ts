// The LLM fixer through the real `openai` SDK against a real local HTTP server speaking chat completions
// (test/helpers/fake-openai-server.ts): both answer formats, streaming and not, re-ask, retries, timeouts, a wrong
// key, an unreachable server, budget caps, semantic flags and fix memory.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isNbreviveError, type NbreviveError } from '../../../shared/lib/errors';
import type { LlmSettingsInput } from '../../../shared/models/llm';
import { Budget } from '../../../main/core/fixers/llm/budget';
import { createLlmFixer } from '../../../main/core/fixers/llm/llm-fixer';
import { InMemoryFixMemory } from '../../../main/core/fixers/llm/memory';
import { cellSource } from '../../../shared/lib/ipynb';
import { loadCase } from '../../../main/core/case/case-loader';
import { readNotebookFile } from '../../../main/core/notebook/notebook-file';
import { corpusCase, describeCorpus } from '../../helpers/corpus';
import {
  cellEditsReply,
  startFakeOpenAIServer,
  wholeNotebookReply,
  type FakeOpenAIServer,
} from '../../helpers/fake-openai-server';
import { cellError, fixContext, smallNotebook } from '../../unit/main/core/fixers/llm/fix-context';

const FIXED_3 =
  "train['Fare'] = train['Fare'].astype(float)\ntrain['Age'] = train['Age'].fillna(train['Age'].median())\nX = train[['Fare', 'Age']]\ny = train['Survived']";
const KEY = 'sk-test-SECRET-0123456789';

let server: FakeOpenAIServer;
beforeEach(async () => {
  server = await startFakeOpenAIServer({ apiKey: KEY });
});
afterEach(async () => {
  await server.close();
});

function settings(overrides: LlmSettingsInput = {}): LlmSettingsInput {
  return {
    preset: 'custom',
    baseUrl: server.baseUrl,
    model: 'fake-model',
    apiKey: KEY,
    timeoutMs: 5000,
    retryBaseMs: 20,
    prices: { 'fake-model': { inputPerMTok: 1, outputPerMTok: 4 } },
    ...overrides,
  };
}

async function caught(promise: Promise<unknown>): Promise<NbreviveError> {
  try {
    await promise;
  } catch (e) {
    if (isNbreviveError(e)) return e;
    throw e;
  }
  throw new Error('expected an NbreviveError');
}

describe('answers in both formats', () => {
  it('cell edits (default): JSON via structured output → the right edit, usage and cost', async () => {
    server.enqueue(
      cellEditsReply('np.float was removed in numpy 1.24; use float.', [{ cellIndex: 3, source: FIXED_3 }], {
        prompt_tokens: 1200,
        completion_tokens: 300,
      }),
    );
    const fixer = createLlmFixer(settings());
    const fix = await fixer.propose(fixContext());
    expect(fix).toMatchObject({
      type: 'error-repair',
      source: 'llm',
      model: 'fake-model',
      plan: 'np.float was removed in numpy 1.24; use float.',
      edits: [{ cellIndex: 3, source: FIXED_3 }],
    });
    expect(fix?.usage).toEqual({ promptTokens: 1200, completionTokens: 300, costUsd: (1200 * 1 + 300 * 4) / 1e6 });
    expect(fix?.signature).toMatch(/^AttributeError\|module 'numpy' has no attribute 'float'\.\|/);
    expect(fix?.rewrites).toEqual([
      {
        before: ["train['Fare'] = train['Fare'].astype(np.float)"],
        after: ["train['Fare'] = train['Fare'].astype(float)"],
      },
    ]);
    expect(fix?.transcript?.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    const request = server.requests[0]!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('fake-model');
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(request.body.stream).toBeUndefined();
    const prompt = request.body.messages?.[1]?.content ?? '';
    expect(prompt).not.toMatch(/\u001b/);
    expect(prompt).toContain("AttributeError: module 'numpy' has no attribute 'float'.");
    expect(prompt).toContain('numpy==1.24.2');
    expect(prompt).toContain('written around 2017-02-08');
  });

  it('whole notebook (the paper format), streamed: plan + percent block → the same edit', async () => {
    server.enqueue(
      wholeNotebookReply('Plan: use the builtin float.', smallNotebook(), [{ cellIndex: 3, source: FIXED_3 }]),
    );
    const fixer = createLlmFixer(settings({ format: 'notebook', stream: true }));
    const fix = await fixer.propose(fixContext());
    expect(fix?.edits).toEqual([{ cellIndex: 3, source: FIXED_3 }]);
    expect(fix?.plan).toBe('use the builtin float.');
    expect(fix?.usage).toMatchObject({ promptTokens: 1000, completionTokens: 200 });
    const request = server.requests[0]!;
    expect(request.body.stream).toBe(true);
    expect(request.body.response_format).toBeUndefined();
    expect(request.body.messages?.[1]?.content).toContain('# %%\n%matplotlib inline\nimport numpy as np');
  });

  it('a server without usage fields: tokens are counted with the tokenizer', async () => {
    server.enqueue(cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }], null));
    const fix = await createLlmFixer(settings({ stream: true })).propose(fixContext());
    expect(fix?.usage?.promptTokens).toBeGreaterThan(300);
    expect(fix?.usage?.completionTokens).toBeGreaterThan(20);
  });

  it('steps down from json_schema to json_object when the server does not support structured output', async () => {
    await server.close();
    server = await startFakeOpenAIServer({ rejectJsonSchema: true });
    server.enqueue(cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }]));
    const fix = await createLlmFixer(settings({ apiKey: null })).propose(fixContext());
    expect(fix?.edits).toHaveLength(1);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object']);
  });
});

describe('validation and re-ask', () => {
  it('a malformed answer is re-asked once with the validation error, then the good one is used', async () => {
    server.enqueue(
      cellEditsReply('p', [{ cellIndex: 42, source: 'x = 1' }], { prompt_tokens: 1000, completion_tokens: 50 }),
      cellEditsReply('fixed', [{ cellIndex: 3, source: FIXED_3 }], { prompt_tokens: 1100, completion_tokens: 100 }),
    );
    const fix = await createLlmFixer(settings()).propose(fixContext());
    expect(fix?.edits).toEqual([{ cellIndex: 3, source: FIXED_3 }]);
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]!.body.messages!;
    expect(second.at(-2)?.role).toBe('assistant');
    expect(second.at(-1)?.content).toContain(
      'Your answer could not be used: cell 42 does not exist (the notebook has cells 0–5)',
    );
    expect(fix?.usage).toMatchObject({ promptTokens: 2100, completionTokens: 150 });
    expect(fix?.transcript?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  });

  it('an answer that breaks Python or drops a magic is re-asked; two bad answers give no fix and say why', async () => {
    server.enqueue(
      {
        kind: 'answer',
        content: JSON.stringify({
          plan: 'p',
          edits: [{ cellIndex: 3, source: "train['Fare'] = train['Fare'].astype(float" }],
        }),
      },
      {
        kind: 'answer',
        content: JSON.stringify({ plan: 'p', edits: [{ cellIndex: 1, source: 'import numpy as np' }] }),
      },
    );
    const fixer = createLlmFixer(settings());
    expect(await fixer.propose(fixContext())).toBeNull();
    expect(server.requests[1]!.body.messages!.at(-1)?.content).toMatch(/cell 3 is not valid Python: line 1/);
    expect(fixer.lastFailure?.reason).toMatch(/keep its IPython line "%matplotlib inline"/);
    expect(fixer.lastFailure?.usage.promptTokens).toBe(2000);
  });

  it('a fix identical to one that already failed is refused and re-asked', async () => {
    const failed = {
      type: 'error-repair' as const,
      source: 'llm' as const,
      ruleIds: [],
      model: 'fake-model',
      plan: 'same',
      edits: [{ cellIndex: 3, source: FIXED_3 }],
      usage: null,
      flags: [],
      signature: null,
    };
    server.enqueue(
      cellEditsReply('again', [{ cellIndex: 3, source: FIXED_3 }]),
      cellEditsReply('other', [{ cellIndex: 3, source: FIXED_3.replace('float)', "'float64')") }]),
    );
    const fix = await createLlmFixer(settings()).propose(
      fixContext({ history: [{ iteration: 1, fix: failed, failed: true }] }),
    );
    expect(fix?.plan).toBe('other');
    expect(server.requests[1]!.body.messages!.at(-1)?.content).toContain('same change as the fix of iteration 1');
  });
});

describe('transport errors', () => {
  it('429 with Retry-After, then a good answer: waits as told', async () => {
    server.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }]),
    );
    const logs: string[] = [];
    const started = Date.now();
    const fix = await createLlmFixer(settings(), { onLog: (m) => logs.push(m) }).propose(fixContext());
    expect(fix?.edits).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
    expect(logs.join('\n')).toMatch(/answered HTTP 429 \(rate limited\); retry 1 of 3 in 1 s/);
  });

  it('adapts to a model that takes only its default temperature', async () => {
    server.enqueue(
      {
        kind: 'status',
        status: 400,
        message:
          "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
      },
      cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }]),
    );
    expect((await createLlmFixer(settings()).propose(fixContext()))?.edits).toHaveLength(1);
    expect(server.requests.map((r) => r.body.temperature)).toEqual([0, undefined]);
  });

  it('500s are retried with backoff; when retries run out the error names the status', async () => {
    server.enqueue(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 503 },
      cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }]),
    );
    expect((await createLlmFixer(settings()).propose(fixContext()))?.edits).toHaveLength(1);
    server.enqueue({ kind: 'status', status: 502 }, { kind: 'status', status: 502 });
    const error = await caught(createLlmFixer(settings({ retries: 1 })).propose(fixContext()));
    expect(error.code).toBe('llm-error');
    expect(error.message).toBe(`the LLM server at ${server.baseUrl} answered HTTP 502 2 times: scripted HTTP 502`);
  });

  it('a server that never answers: a clear timeout error after the retries', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    const error = await caught(createLlmFixer(settings({ timeoutMs: 400, retries: 1 })).propose(fixContext()));
    expect(error.code).toBe('llm-error');
    expect(error.message).toBe(
      `the LLM server at ${server.baseUrl} did not answer within 0.4 s (2 attempts): check that the server is running and the model "fake-model" is loaded, or raise the timeout`,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a hanging stream times out too, and cancelling stops a call at once', async () => {
    server.enqueue({ kind: 'hang' });
    const error = await caught(
      createLlmFixer(settings({ timeoutMs: 300, retries: 0, stream: true })).propose(fixContext()),
    );
    expect(error.message).toMatch(/did not answer within/);
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const ctx = { ...fixContext(), signal: controller.signal };
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const cancelled = await caught(createLlmFixer(settings({ timeoutMs: 10_000 })).propose(ctx));
    expect(cancelled.code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a wrong key (401) fails fast, names the URL and the status, and never shows the key', async () => {
    const wrong = 'sk-wrong-KEY-abcdef123456';
    const error = await caught(createLlmFixer(settings({ apiKey: wrong })).propose(fixContext()));
    expect(error.code).toBe('llm-error');
    expect(error.message).toBe(
      `the LLM server at ${server.baseUrl} refused the API key (HTTP 401): check OPENAI_API_KEY or the key in settings`,
    );
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('abcdef123456');
    expect(server.requests).toHaveLength(1);
  });

  it('an unreachable server fails fast with the URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    const error = await caught(
      createLlmFixer(settings({ baseUrl: `http://127.0.0.1:${port}/v1` })).propose(fixContext()),
    );
    expect(error.message).toBe(
      `could not reach the LLM server at http://127.0.0.1:${port}/v1 (ECONNREFUSED): is it running? check the base URL in settings`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('OpenAI without any key says how to set one', () => {
    const previous = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      expect(() => createLlmFixer({ preset: 'openai' })).toThrow(
        'no API key for the LLM server at https://api.openai.com/v1: set OPENAI_API_KEY or enter the key in settings',
      );
    } finally {
      if (previous !== undefined) process.env.OPENAI_API_KEY = previous;
    }
  });
});

describe('budget, flags and memory', () => {
  it('stops with budget-exceeded before a call that the token cap cannot pay', async () => {
    const corpus = new Budget('corpus test', { maxTokens: 100_000 });
    const job = corpus.child('job 1', { maxTokens: 1500 });
    server.enqueue(
      cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }], { prompt_tokens: 1000, completion_tokens: 200 }),
    );
    const fixer = createLlmFixer(settings(), { budget: job });
    expect(await fixer.propose(fixContext())).not.toBeNull();
    const error = await caught(fixer.propose(fixContext()));
    expect(error.code).toBe('budget-exceeded');
    expect(error.message).toMatch(
      /^the LLM token budget of job 1 is used up: 1200 tokens spent of 1500 \(the next call needs about \d+\)/,
    );
    expect(server.requests).toHaveLength(1);
    expect(corpus.spent()).toMatchObject({ tokens: 1200, calls: 1 });
  });

  it('stops at a dollar cap', async () => {
    server.enqueue(
      cellEditsReply('p', [{ cellIndex: 3, source: FIXED_3 }], { prompt_tokens: 100_000, completion_tokens: 10_000 }),
    );
    const fixer = createLlmFixer(settings(), { budget: new Budget('job 2', { maxUsd: 0.1 }) });
    await fixer.propose(fixContext());
    expect((await caught(fixer.propose(fixContext()))).message).toMatch(
      /LLM budget of job 2 is used up: \$0\.1400 spent of \$0\.10/,
    );
  });

  it('flags an edit that cuts estimators and removes prediction code', async () => {
    const ctx = fixContext({ errors: [cellError(5, 'MemoryError', '', 'model.fit(X, y)')] });
    server.enqueue(
      cellEditsReply('smaller forest', [
        { cellIndex: 5, source: 'model = RandomForestClassifier(n_estimators=10, random_state=0)\nmodel.fit(X, y)' },
      ]),
    );
    const fix = await createLlmFixer(settings()).propose(ctx);
    expect(fix?.flags).toEqual([
      'estimators-changed: cell 5: n_estimators: 200 → 10',
      'model-code-removed: cell 5: 1 of 2 fit/predict/train calls removed',
    ]);
  });

  it('a verified fix is offered from memory in the next job, without a call', async () => {
    const memory = new InMemoryFixMemory();
    server.enqueue(cellEditsReply('use float', [{ cellIndex: 3, source: FIXED_3 }]));
    const first = await createLlmFixer(settings(), { memory }).propose(fixContext());
    memory.record(first!.signature!, first!, true);
    const fixer = createLlmFixer(settings(), { memory });
    const again = await fixer.propose(fixContext());
    expect(again).toMatchObject({ source: 'memory', usage: { costUsd: 0 }, edits: [{ cellIndex: 3 }] });
    expect(cellSource(smallNotebook().cells[3]!)).not.toBe(again!.edits[0]!.source);
    expect(again!.edits[0]!.source).toContain('.astype(float)');
    expect(server.requests).toHaveLength(1);
    expect(fixer.memoryFixer?.hits).toBe(1);
  });
});

describeCorpus('a real corpus notebook (mlcourse-topic7-pca-clustering: np.float in cell 3)', () => {
  it('each answer format gives the same valid edit of the real cell, magics kept', async () => {
    const c = await loadCase(corpusCase('mlcourse-topic7-pca-clustering'));
    const notebook = await readNotebookFile(c.notebookPath);
    const old = cellSource(notebook.cells[3]!);
    const fixed = old.replace('.astype(np.float)', '.astype(float)');
    expect(fixed).not.toBe(old);
    const line = 'y_clr = np.choose(y, [1, 2, 0]).astype(np.float)';
    const ctx = fixContext({
      notebook,
      caseOverrides: c,
      errors: [cellError(3, 'AttributeError', "module 'numpy' has no attribute 'float'.", line)],
    });
    server.enqueue(
      cellEditsReply('use float', [{ cellIndex: 3, source: fixed }]),
      wholeNotebookReply('use float', notebook, [{ cellIndex: 3, source: fixed }]),
    );
    const cells = await createLlmFixer(settings()).propose(ctx);
    const whole = await createLlmFixer(settings({ format: 'notebook', contextTokens: 128_000 })).propose(ctx);
    expect(cells?.edits).toEqual([{ cellIndex: 3, source: fixed }]);
    expect(whole?.edits).toEqual([{ cellIndex: 3, source: fixed }]);
    expect(cells?.flags).toEqual([]);
    const prompts = server.requests.map((r) => r.body.messages?.[1]?.content ?? '');
    expect(prompts[0]).toContain('written around 2018');
    expect(prompts[0]).toContain(line);
    expect(prompts[0]!.length * 3).toBeLessThan(prompts[1]!.length);
  });
});

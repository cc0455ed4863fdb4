// Secrets do not reach notebooks run by the local runtime (issue 15, item 4): the kernel gets an allowlisted
// environment (no OPENAI_API_KEY, no *_TOKEN), and a secret value a notebook prints anyway (read some other way)
// is scrubbed from the events, the executed notebook and the report before anything stores them. Real Python.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareCase } from '../../../main/core/case/case-loader';
import { isSecretName, kernelEnvironment, scrubSecrets } from '../../../main/core/runtime/kernel-env';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import type { RunnerEvent } from '../../../shared/models/execution';
import type { Notebook } from '../../../shared/models/notebook';
import { TEST_PYTHON } from '../../helpers/python';

const KEY = 'sk-test-4f9c2e7d1b8a6350';
const TOKEN = 'ghp_0123456789abcdefABCDEF';
let tmp: string;
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-kenv-'));
  for (const [k, v] of Object.entries({
    OPENAI_API_KEY: KEY,
    GITHUB_TOKEN: TOKEN,
    NBREVIVE_LLM_MODEL: 'm',
    MY_SETTING: 'visible-by-choice',
    NBREVIVE_KERNEL_ENV: 'MY_SETTING,GITHUB_TOKEN',
  })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('kernelEnvironment', () => {
  it('passes the allowlist and the names the user adds, never secret-looking ones', () => {
    const env = kernelEnvironment({
      PATH: '/bin',
      HOME: '/h',
      LC_ALL: 'C',
      PYTHONPATH: '/p',
      CUDA_VISIBLE_DEVICES: '0',
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: 'u',
      HF_TOKEN: 't',
      AWS_SECRET_ACCESS_KEY: 's',
      NBREVIVE_DB: '/db',
      RANDOM_THING: 'x',
      NBREVIVE_WORKER_TAG: 'tag',
      NBREVIVE_KERNEL_ENV: 'RANDOM_THING,HF_TOKEN',
    });
    expect(env).toEqual({
      PATH: '/bin',
      HOME: '/h',
      LC_ALL: 'C',
      PYTHONPATH: '/p',
      CUDA_VISIBLE_DEVICES: '0',
      RANDOM_THING: 'x',
      NBREVIVE_WORKER_TAG: 'tag',
    });
    expect(['DB_PASSWORD', 'STRIPE_API_KEY', 'KAGGLE_KEY', 'OPENAI_ORG'].every(isSecretName)).toBe(true);
    expect(scrubSecrets(`key=${KEY} "${KEY}"`, [KEY])).toBe(
      'key=[secret removed by nbrevive] "[secret removed by nbrevive]"',
    );
  });
});

describe('the local runtime', () => {
  it('runs the kernel without the secrets, and scrubs a secret it prints from events, outputs and report', async () => {
    const notebook: Notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [
        {
          cell_type: 'code',
          id: 'a',
          metadata: {},
          execution_count: null,
          outputs: [],
          source:
            "import os\nprint('names:', ','.join(sorted(k for k in os.environ if 'KEY' in k or 'TOKEN' in k or k == 'MY_SETTING')))\nprint('mine:', os.environ.get('MY_SETTING'))",
        },
        // a value obtained some other way (a file, another process): built at run time so the source does not hold it
        {
          cell_type: 'code',
          id: 'b',
          metadata: {},
          execution_count: null,
          outputs: [],
          source: `print('leak:', 'sk-test-' + '4f9c2e7d1b8a6350')\nraise ValueError('sk-test-' + '4f9c2e7d1b8a6350')`,
        },
      ],
    };
    const nbPath = path.join(tmp, 'env.ipynb');
    fs.writeFileSync(nbPath, JSON.stringify(notebook));
    const events: RunnerEvent[] = [];
    const runtime = new LocalRuntime({ python: TEST_PYTHON });
    const result = await runtime.execute(
      { notebook, case: bareCase(nbPath, null), timeoutMs: 120_000, jobDir: path.join(tmp, 'job') },
      (e) => events.push(e),
    );
    const everything = JSON.stringify({ events, executed: result.executed, report: result.report });
    expect(everything).not.toContain(KEY);
    const streams = events
      .filter((e) => e.type === 'stream')
      .map((e) => (e as { text: string }).text)
      .join('');
    // GITHUB_TOKEN was named in NBREVIVE_KERNEL_ENV: still refused, it looks like a secret
    expect(streams).toContain('names: MY_SETTING\n');
    expect(streams).toContain('mine: visible-by-choice');
    expect(streams).toContain('leak: [secret removed by nbrevive]');
    expect(result.report.errors[0]?.evalue).toBe('[secret removed by nbrevive]');
    // the stored version keeps the author's code
    expect(result.executed?.cells[1]?.source).toContain("'sk-test-' + '4f9c2e7d1b8a6350'");
  }, 120_000);
});

// The LLM fixer inside the real loop, through the CLI and the real `openai` SDK, against a local server that speaks
// chat completions and replays scripted answers: a good answer in each format makes a real corpus case
// reproducible; a wrong key fails fast with a clear message and the job stays resumable.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { loadCase } from '../../../main/core/case/case-loader';
import { applyRules } from '../../../main/core/fixers/rules/rules-engine';
import { readNotebookFile } from '../../../main/core/notebook/notebook-file';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { openStore } from '../../../main/core/store';
import type { CellEdit } from '../../../shared/models/loop';
import { describeCorpus } from '../../helpers/corpus';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { scriptEdits, startFakeOpenAIServer, type FakeOpenAIServer } from '../../helpers/fake-openai-server';
import { TEST_PYTHON } from '../../helpers/python';

const KEY = 'sk-test-0123456789abcdef';
const CASE = 'srk-titanic-exploration';

interface Summary {
  outcome: string;
  jobId: string;
  fixes: {
    source: string;
    type: string;
    usage: { promptTokens: number; completionTokens: number; costUsd: number } | null;
  }[];
  usage: { promptTokens: number; completionTokens: number; costUsd: number };
}

describeCorpus('LLM fixer in the loop', (corpus) => {
  let server: FakeOpenAIServer;
  let edits: CellEdit[];
  const caseDir = path.join(corpus, CASE);

  beforeAll(async () => {
    server = await startFakeOpenAIServer({ apiKey: KEY });
    // the scripted "model" answers with the edits a careful engineer would make: here, every migration the
    // catalog knows for this notebook, as one set of cell edits
    const resolved = await loadCase(caseDir);
    const notebook = await readNotebookFile(resolved.notebookPath);
    const env = await new LocalRuntime({ python: TEST_PYTHON }).describe();
    edits = (await applyRules(notebook, 'all', env, { case: resolved })).edits;
    expect(edits.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(() => server?.close());

  const llmArgs = (format: string) => [
    '--fixers',
    'llm',
    '--llm-base-url',
    server.baseUrl,
    '--llm-model',
    'gpt-4o-mini',
    '--llm-format',
    format,
    '--json',
  ];

  for (const format of ['cells', 'notebook'] as const) {
    it(`a good answer in the ${format} format makes ${CASE} reproducible`, async () => {
      const notebook = await readNotebookFile((await loadCase(caseDir)).notebookPath);
      scriptEdits(server, format, notebook, 'Port the notebook to Python 3 and scikit-learn 1.x.', edits);
      const before = server.requests.length;
      const db = path.join(tempDir(), 'db.sqlite');
      const r = await runCli(['modernize', caseDir, ...llmArgs(format)], { db, env: { OPENAI_API_KEY: KEY } });
      expect(r.code, r.stderr).toBe(0);
      const summary = jsonOf<Summary>(r);
      expect(summary.outcome).toBe('reproducible');
      expect(server.requests.length - before).toBe(1);
      expect(summary.fixes[0]).toMatchObject({ source: 'llm', type: 'error-repair' });
      expect(summary.fixes[0]!.usage!.promptTokens).toBeGreaterThan(0);
      expect(summary.usage.promptTokens).toBe(summary.fixes[0]!.usage!.promptTokens);
      expect(r.stdout + r.stderr).not.toContain(KEY);
      // the raw answer is kept on the fix for review
      const store = openStore(db);
      try {
        const fix = store.iterations.get(summary.jobId, 0)!.fix!;
        expect(JSON.stringify(fix)).toContain('Port the notebook');
      } finally {
        store.close();
      }
    }, 600_000);
  }

  it('a wrong key fails fast with the URL and the HTTP status, and the job can be resumed', async () => {
    const db = path.join(tempDir(), 'db.sqlite');
    const r = await runCli(['modernize', caseDir, ...llmArgs('cells')], {
      db,
      env: { OPENAI_API_KEY: 'sk-wrong-key-000000000' },
    });
    expect(r.code).toBe(2);
    const line = r.stderr.trim().split('\n').at(-1)!;
    expect(line).toContain(server.baseUrl);
    expect(line).toContain('401');
    expect(r.stderr).not.toContain('sk-wrong-key-000000000');
    const store = openStore(db);
    try {
      const job = store.jobs.list({ limit: 1 }).items[0]!;
      expect(job.status).toBe('failed');
      expect(store.iterations.list(job.id)).toHaveLength(1); // the execution before the call is kept
      // with the right key the same job continues from its stored iteration
      const notebook = parseNotebook(store.blobs.getText(store.iterations.get(job.id, 0)!.versionHash));
      scriptEdits(server, 'cells', notebook, 'Port the notebook.', edits);
      const resumed = await runCli(['modernize', '--resume', job.id, ...llmArgs('cells')], {
        db,
        env: { OPENAI_API_KEY: KEY },
      });
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(jsonOf<Summary>(resumed).outcome).toBe('reproducible');
    } finally {
      store.close();
    }
  }, 600_000);
});

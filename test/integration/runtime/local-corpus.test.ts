// Corpus smoke test: a real legacy notebook executed by the local runtime shows its recorded first error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { NotebookSchema } from '../../../shared/models/notebook';
import { loadCase } from '../../../main/core/case/case-loader';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { describeCorpus } from '../../helpers/corpus';
import { TEST_PYTHON } from '../../helpers/python';

describeCorpus('local runtime on mlcourse-topic7-pca-clustering', (corpusDir) => {
  it('reports the first error recorded in the case file (np.float, cell 3) and keeps running', async () => {
    const root = path.join(corpusDir, 'mlcourse-topic7-pca-clustering');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'nbrevive.case.json'), 'utf8')) as {
      notebook: string;
      expected: { firstError: { cellIndex: number; ename: string; evalue: string } };
    };
    const notebookPath = path.join(root, manifest.notebook);
    const notebook = NotebookSchema.parse(JSON.parse(fs.readFileSync(notebookPath, 'utf8')));
    const resolved = await loadCase(root);
    const jobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-corpus-'));
    try {
      const { report, executed } = await new LocalRuntime({ python: TEST_PYTHON }).execute({
        notebook,
        case: resolved,
        timeoutMs: 120_000,
        jobDir,
      });
      const expected = manifest.expected.firstError;
      // ~10 s on an idle machine; on a loaded 2-core CI box a later t-SNE cell can pass the limit, which does
      // not change what this test checks (the stop keeps every output produced so far)
      expect(['error', 'timeout']).toContain(report.status);
      expect(report.errors[0]).toMatchObject({ cellIndex: expected.cellIndex, ename: expected.ename });
      expect(report.errors[0]?.evalue.startsWith(expected.evalue)).toBe(true);
      expect(report.errors[0]?.line).toMatch(/np\.float/);
      // later cells still ran: the author's accuracy cell (5) printed its result
      const cell5 = executed?.cells[5]?.outputs ?? [];
      expect(JSON.stringify(cell5)).toMatch(/Accuracy: [0-9.]+/);
    } finally {
      fs.rmSync(jobDir, { recursive: true, force: true });
    }
  }, 200_000);
});

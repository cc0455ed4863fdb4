// Targets on import through the host's handler table with a real store: an imported notebook without a target gets
// its candidates (those an output score spec can read, ranked as `nbrevive targets` ranks them), a chosen one is
// stored as the case's score spec and target (as `case init --pick` writes it) and reads back as chosen, a stale
// rank changes nothing in the batch, and null takes the target away.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '../../../shared/contracts/api';
import { discoverTargets } from '../../../shared/lib/target-discovery';
import { bareAppHandlers } from '../../helpers/app-handlers';
import { openStore } from '../../../main/core/store';
import { readNotebookFile } from '../../../main/core/notebook/notebook-file';
import { tempDir } from '../../helpers/cli';
import { REPO_ROOT } from '../../helpers/corpus';

const FIXTURE = path.join(REPO_ROOT, 'test/fixtures/notebooks/iris-fidelity.ipynb');

describe('app:cases.targets / app:cases.setTargets', () => {
  it('lists, stores and reads back the chosen target of imported cases', async () => {
    const dir = tempDir();
    const corpus = path.join(dir, 'corpus');
    for (const name of ['a', 'b']) {
      fs.mkdirSync(path.join(corpus, name), { recursive: true });
      fs.copyFileSync(FIXTURE, path.join(corpus, name, `${name}-kernel.ipynb`));
    }
    const store = openStore(path.join(dir, 'db.sqlite'));
    try {
      const h = bareAppHandlers(store);
      const imported = await h['app:cases.import']({ path: corpus, kind: 'corpus' });
      const caseIds = imported.cases.map((c) => c.id).sort();
      expect(caseIds).toHaveLength(2);
      const listed = API['app:cases.targets'].output.parse(await h['app:cases.targets']({ caseIds }));
      const expected = discoverTargets(await readNotebookFile(FIXTURE), { limit: 50 }).filter((c) => c.scoreable);
      for (const c of listed.cases) {
        expect(c.target).toBeNull();
        expect(c.chosenRank).toBeNull();
        expect(c.candidates.map((x) => [x.rank, x.cellIndex, x.value])).toEqual(
          expected.slice(0, 10).map((x) => [x.rank, x.cellIndex, x.value]),
        );
      }
      const top = listed.cases[0]!.candidates[0]!;
      expect(top).toMatchObject({ cellIndex: 4, value: 0.9333 });

      // a stale rank in the batch: nothing is stored
      await expect(
        Promise.resolve().then(() =>
          h['app:cases.setTargets']({
            choices: [
              { caseId: caseIds[0]!, rank: top.rank },
              { caseId: caseIds[1]!, rank: 99 },
            ],
          }),
        ),
      ).rejects.toThrow(/no target candidate ranked 99/);
      expect(store.cases.require(caseIds[0]!).target).toBeNull();

      const set = await h['app:cases.setTargets']({
        choices: caseIds.map((caseId) => ({ caseId, rank: top.rank })),
      });
      expect(set.cases.map((c) => [c.id, c.scoreKind, c.target?.value])).toEqual(
        caseIds.map((id) => [id, 'output', 0.9333]),
      );
      const stored = store.cases.require(caseIds[0]!).case;
      expect(stored.score).toEqual({ kind: 'output', cellIndex: 4, pattern: top.pattern, occurrence: top.occurrence });
      expect(stored.target).toMatchObject({ value: 0.9333, higherIsBetter: true });
      const again = await h['app:cases.targets']({ caseIds });
      expect(again.cases.map((c) => c.chosenRank)).toEqual([top.rank, top.rank]);

      // null: no target again, judged on errors and fidelity
      await h['app:cases.setTargets']({ choices: [{ caseId: caseIds[1]!, rank: null }] });
      expect(store.cases.require(caseIds[1]!).case.score).toEqual({ kind: 'none' });
      expect(store.cases.require(caseIds[1]!).target).toBeNull();
    } finally {
      store.close();
    }
  });
});

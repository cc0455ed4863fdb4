import { describe, expect, it } from 'vitest';
import type { Fix } from '../../../../../../shared/models/loop';
import {
  errorSignature,
  InMemoryFixMemory,
  lineRewrites,
  MemoryFixer,
  offendingLine,
  replayRewrites,
} from '../../../../../../main/core/fixers/llm/memory';
import { cellSource } from '../../../../../../shared/lib/ipynb';
import { makeFix } from '../../../../../integration/store/store-fixtures';
import { cellError, code, fixContext, notebookOf } from './fix-context';

const LINE = "train['Fare'] = train['Fare'].astype(np.float)";

describe('error signatures', () => {
  it('reads the offending line from an IPython traceback and ignores numbers and file names in the message', () => {
    const a = cellError(3, 'SyntaxError', "Missing parentheses in call to 'print'. (3023483.py, line 5)", 'print "x"');
    const b = cellError(7, 'SyntaxError', "Missing parentheses in call to 'print'. (991.py, line 12)", 'print  "x"');
    expect(offendingLine(a)).toBe('print "x"');
    expect(errorSignature(a)).toBe(errorSignature(b));
    expect(errorSignature(a)).toMatch(
      /^SyntaxError\|Missing parentheses in call to 'print'\. \(<file>, line N\)\|[0-9a-f]{12}$/,
    );
    expect(errorSignature(a)).not.toBe(errorSignature(cellError(3, 'SyntaxError', a.evalue, 'print "y"')));
  });
});

describe('line rewrites', () => {
  const before = notebookOf([code(`import numpy as np\nprint('start')\n${LINE}\nprint(train.shape)`)]);
  it('records replacements and insertions, and replays them on another notebook with other indentation', () => {
    const rewrites = lineRewrites(before, [
      {
        cellIndex: 0,
        source: `import numpy as np\nimport warnings\nprint('start')\n${LINE.replace('np.float', 'float')}\nprint(train.shape)`,
      },
    ]);
    expect(rewrites).toEqual([
      { before: ['import numpy as np'], after: ['import numpy as np', 'import warnings'] },
      { before: [LINE], after: [LINE.replace('np.float', 'float')] },
    ]);
    const other = notebookOf([
      code('import numpy as np'),
      code('x = 1'),
      code(`def prep(train):\n    ${LINE}\n    return train`),
    ]);
    const edits = replayRewrites(other, rewrites, 2);
    expect(edits).toEqual([
      { cellIndex: 0, source: 'import numpy as np\nimport warnings' },
      { cellIndex: 2, source: "def prep(train):\n    train['Fare'] = train['Fare'].astype(float)\n    return train" },
    ]);
  });

  it('gives up when a rewrite finds no place', () => {
    expect(replayRewrites(notebookOf([code('x = 1')]), [{ before: [LINE], after: ['y'] }], 0)).toBeNull();
  });
});

describe('InMemoryFixMemory and MemoryFixer', () => {
  const verified: Fix = makeFix({
    model: 'gpt-4o-mini',
    plan: 'np.float was removed in numpy 1.24; use float',
    edits: [{ cellIndex: 3, source: 'irrelevant here' }],
    usage: { promptTokens: 900, completionTokens: 100, costUsd: 0.0002 },
    signature: null,
    rewrites: [{ before: [LINE], after: [LINE.replace('np.float', 'float')] }],
  });

  it('offers a verified fix for the same signature in another job, counting hits', async () => {
    const memory = new InMemoryFixMemory();
    const fixer = new MemoryFixer(memory);
    const ctx = fixContext();
    const signature = errorSignature(ctx.report.errors[0]!);
    expect(await fixer.propose(ctx)).toBeNull();
    memory.record(signature, verified, false);
    expect(memory.lookup(signature)).toBeNull();
    memory.record(signature, verified, true);
    const fix = await fixer.propose(fixContext());
    expect(fix).toMatchObject({ source: 'memory', type: 'error-repair', signature, usage: { costUsd: 0 } });
    expect(cellSource({ cell_type: 'code', source: fix!.edits[0]!.source!, metadata: {} })).toContain('.astype(float)');
    expect(fix!.edits[0]!.cellIndex).toBe(3);
    expect({ lookups: fixer.lookups, hits: fixer.hits }).toEqual({ lookups: 2, hits: 1 });
    expect(memory.stats(signature)).toEqual({ successes: 1, failures: 0, hits: 1 });
  });

  it("stops offering a fix that failed more often than it worked, and respects the loop's exclusions", async () => {
    const memory = new InMemoryFixMemory();
    const ctx = fixContext();
    const signature = errorSignature(ctx.report.errors[0]!);
    memory.record(signature, verified, true);
    ctx.exclude.add(`memory:${signature}`);
    expect(await new MemoryFixer(memory).propose(ctx)).toBeNull();
    memory.record(signature, verified, false);
    expect(memory.lookup(signature)).toBeNull();
  });
});

import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/corpus';

async function lint(file: string, code: string) {
  const eslint = new ESLint({ cwd: REPO_ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/code-layering').map((m) => m.message);
}

describe('folder layering rule', () => {
  it('refuses node: and main/ imports in shared/', async () => {
    expect(await lint('shared/lib/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toEqual([
      "shared/ must not import package 'node:fs'",
    ]);
    expect(await lint('shared/lib/x.ts', "import { a } from '../../main/core/y';\nexport const b = a;\n")).toHaveLength(
      1,
    );
  });
  it('refuses renderer/ imports from main/ and node from renderer/', async () => {
    expect(
      await lint('main/core/x.ts', "import { A } from '../../renderer/src/app/App';\nexport const b = A;\n"),
    ).toHaveLength(1);
    expect(await lint('renderer/src/x.ts', "import fs from 'node:fs';\nexport const b = fs;\n")).toHaveLength(1);
  });
  it('allows shared/ from every side and zod in shared/', async () => {
    expect(await lint('shared/lib/x.ts', "import { z } from 'zod';\nexport const b = z;\n")).toEqual([]);
    expect(
      await lint('main/core/x.ts', "import { z } from '../../shared/models/case';\nexport const b = z;\n"),
    ).toEqual([]);
  });
  it('inside main/: core imports no host, worker, app or cli; the worker imports no host', async () => {
    for (const target of ['host/serve', 'worker/port', 'app/window', 'cli/options']) {
      expect(await lint('main/core/loop/x.ts', `import { a } from '../../${target}';\nexport const b = a;\n`)).toEqual([
        `main/core/ must not import main/${target.split('/')[0]}/ (../../${target})`,
      ]);
    }
    expect(await lint('main/worker/x.ts', "import { a } from '../host/host';\nexport const b = a;\n")).toHaveLength(1);
    expect(await lint('main/worker/x.ts', "import { a } from '../core/engine';\nexport const b = a;\n")).toEqual([]);
    expect(await lint('main/host/x.ts', "import { a } from '../worker/port';\nexport const b = a;\n")).toEqual([]);
  });
});

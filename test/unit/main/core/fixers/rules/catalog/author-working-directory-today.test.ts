// A 2017 Kaggle kernel's os.chdir("D:/Python/House-Prices") in today's stack: the old cell fails on the author's
// folder, the rewritten one runs on and reads its file relative to the notebook's own folder.
import { expect, it } from 'vitest';
import { fixAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("the author's working directory in today's stack", (run) => {
  it('environment.author-working-directory: the chdir into the missing folder is commented out, the rest runs', async () => {
    const before = 'import os\nos.chdir("D:/Python/House-Prices")\nprint(os.path.isdir("."))\n';
    expect(run(before).out).toMatch(/No such file or directory: 'D:\/Python\/House-Prices'/);
    const after = await fixAfterError(
      before,
      ['environment.author-working-directory'],
      [
        'FileNotFoundError',
        "[Errno 2] No such file or directory: 'D:/Python/House-Prices'",
        'os.chdir("D:/Python/House-Prices")',
      ],
    );
    expect(after).toContain('# os.chdir("D:/Python/House-Prices")  # nbrevive:');
    expect(run(after)).toEqual({ ok: true, out: 'True' });
  });
});

// A 2017 Kaggle kernel's os.chdir("D:/Python/House-Prices") in today's stack: the old cell fails on the author's
// folder, the rewritten one runs on and reads its file relative to the notebook's own folder.
import { expect, it } from 'vitest';
import { expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("the author's working directory in today's stack", (run) => {
  it('environment.author-working-directory: the chdir into the missing folder is commented out, the rest runs', async () => {
    const before = 'import os\nos.chdir("D:/Python/House-Prices")\nprint(os.path.isdir("."))\n';
    const after = await expectRepairedAfterError(
      run,
      before,
      ['environment.author-working-directory'],
      [
        'FileNotFoundError',
        "[Errno 2] No such file or directory: 'D:/Python/House-Prices'",
        'os.chdir("D:/Python/House-Prices")',
      ],
      { fails: /No such file or directory: 'D:\/Python\/House-Prices'/, out: 'True' },
    );
    expect(after).toContain('# os.chdir("D:/Python/House-Prices")  # nbrevive:');
  });
});

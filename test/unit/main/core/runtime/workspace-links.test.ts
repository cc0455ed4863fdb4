// The symlink policy of the case-data copy (issue 15, item 5), on real folders: links that stay inside the case
// are followed (a linked folder used to crash the copy with EISDIR), links that leave it are refused (they used to
// copy e.g. /etc/hostname into input/ silently), and so are broken links, loops and FIFOs; all typed errors.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caseDataFiles, syncInputCopy } from '../../../../../main/core/runtime/workspace';
import { thrown } from '../../../../helpers/errors';

let root: string;
let data: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-links-'));
  data = path.join(root, 'case', 'input');
  fs.mkdirSync(path.join(data, 'real'), { recursive: true });
  fs.writeFileSync(path.join(data, 'real', 'train.csv'), 'a\n1\n');
  fs.mkdirSync(path.join(root, 'case', 'shared'), { recursive: true });
  fs.writeFileSync(path.join(root, 'case', 'shared', 'test.csv'), 'b\n2\n');
});

afterEach(() => {
  fs.chmodSync(root, 0o755);
  execFileSync('chmod', ['-R', 'u+w', root]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('case data symlinks', () => {
  it('copies the files of a linked folder and a linked file that stay inside the case', () => {
    fs.symlinkSync('real', path.join(data, 'alias'));
    fs.symlinkSync('../shared', path.join(data, 'shared'));
    fs.symlinkSync('real/train.csv', path.join(data, 'train-link.csv'));
    const bounds = [data, path.join(root, 'case')];
    expect(caseDataFiles(data, bounds)).toEqual([
      'alias/train.csv',
      'real/train.csv',
      'shared/test.csv',
      'train-link.csv',
    ]);
    const input = path.join(root, 'job', 'input');
    syncInputCopy(data, input, path.join(root, 'job', 'manifest.json'), bounds);
    expect(fs.readFileSync(path.join(input, 'alias', 'train.csv'), 'utf8')).toBe('a\n1\n');
    expect(fs.readFileSync(path.join(input, 'shared', 'test.csv'), 'utf8')).toBe('b\n2\n');
    // real copies, not links into the case folder
    expect(fs.lstatSync(path.join(input, 'train-link.csv')).isFile()).toBe(true);
  });

  it('refuses a link to a file outside the case, naming it and what to do', () => {
    fs.symlinkSync('/etc/hostname', path.join(data, 'hostname'));
    const e = thrown(() => caseDataFiles(data, [data, path.join(root, 'case')]));
    expect(e.code).toBe('invalid-case');
    expect(e.message).toMatch(
      /^the case data has a link hostname → \/etc\/hostname, which leaves the case folder: .*--data/,
    );
  });

  it('refuses a linked folder outside the case, a broken link, a loop and a FIFO', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-outside-'));
    try {
      fs.symlinkSync(outside, path.join(data, 'elsewhere'));
      expect(thrown(() => caseDataFiles(data, [data])).message).toMatch(/link elsewhere → .* leaves the case folder/);
    } finally {
      fs.rmSync(path.join(data, 'elsewhere'));
      fs.rmSync(outside, { recursive: true });
    }
    fs.symlinkSync('missing.csv', path.join(data, 'gone.csv'));
    expect(thrown(() => caseDataFiles(data)).code).toBe('data-missing');
    fs.rmSync(path.join(data, 'gone.csv'));
    fs.symlinkSync('..', path.join(data, 'real', 'up'));
    expect(thrown(() => caseDataFiles(data)).message).toMatch(/link real\/up → .*a folder it is itself inside/);
    fs.rmSync(path.join(data, 'real', 'up'));
    execFileSync('mkfifo', [path.join(data, 'pipe')]);
    expect(thrown(() => caseDataFiles(data)).message).toBe(
      'the case data holds pipe, which is a named pipe (FIFO), not a file: remove it from the case folder',
    );
  });
});

// The CLI against inputs from an independent security review (issue 15): each test reproduces a reported failure
// through the real `nbrevive` command, a real Python and a real SQLite file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli, tempDir } from '../../helpers/cli';

const dir = tempDir('nbrevive-cli-hard-');
const db = path.join(dir, 'db.sqlite');

function codeCell(source: string) {
  return { cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source };
}

/** a case folder whose notebook prints `lines` and whose score pattern is `pattern` */
function scoreCase(name: string, printed: string, pattern: string): string {
  const root = path.join(dir, name);
  fs.mkdirSync(root, { recursive: true });
  const notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [codeCell(`print(${JSON.stringify(printed)})`)],
  };
  fs.writeFileSync(path.join(root, 'notebook.ipynb'), JSON.stringify(notebook));
  fs.writeFileSync(
    path.join(root, 'nbrevive.case.json'),
    JSON.stringify({
      id: name,
      title: name,
      notebook: 'notebook.ipynb',
      score: { kind: 'output', cellIndex: 0, pattern, occurrence: 'last' },
      target: { value: 1 },
    }),
  );
  return root;
}

describe('a catastrophically backtracking score pattern (item 1)', () => {
  it('ends the run with a one-line typed error within seconds (it used to run on, deaf to SIGTERM, for minutes)', async () => {
    const root = scoreCase('evil-pattern', 'a'.repeat(40) + 'b', '(a+)+$');
    const { child, done } = startCli(['run', root], { db });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    // the notebook ran its only cell: from now on the score is being read
    const deadline = Date.now() + 90_000;
    while (!/cell 1\/1/.test(stderr) && child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const scoring = Date.now();
    const term = setTimeout(() => child.kill('SIGTERM'), 6_000);
    const result = await Promise.race([done, new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
    clearTimeout(term);
    if (!result) child.kill('SIGKILL');
    expect(result, 'the CLI did not end within 20 s of the score reading (not even on SIGTERM)').not.toBeNull();
    expect(Date.now() - scoring).toBeLessThan(20_000);
    expect(result!.code).toBe(2);
    expect(result!.stderr.trim().split('\n').at(-1)).toMatch(
      /^nbrevive: the score pattern "\(a\+\)\+\$" took longer than 2000 ms .*nbrevive\.case\.json$/,
    );
  }, 150_000);
});

describe('an unknown option (item 6)', () => {
  it.each([
    ['run', 'x.ipynb'],
    ['modernize', 'x.ipynb'],
    ['corpus', 'run', '.'],
    ['export', 'j'],
    ['runtimes'],
    ['images'],
    ['rules'],
    ['serve'],
    ['worker', '--db', 'x'],
  ])('nbrevive %s answers with a one-line usage error and exit 2', async (command, ...rest) => {
    const result = await startCli([command, ...rest, '--some-unknown-option'], { db }).done;
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^nbrevive ${command}: .*--some-unknown-option.*\\(see nbrevive ${command} --help\\)$`),
    );
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});

describe('a --timeout past Node timers (item 6)', () => {
  it('is a usage error, not a run that times out after 1 ms', async () => {
    const result = await startCli(['run', 'x.ipynb', '--timeout', String(2 ** 31 / 1000)], { db }).done;
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(
      /^nbrevive run: --timeout must be at most 2147483 seconds \(24\.8 days\), got '2147483\.648'/,
    );
  });
});

describe('importing something that is not a file or folder (item 3)', () => {
  const fifo = path.join(dir, 'pipe.ipynb');

  it.each(['/dev/zero', '/dev/urandom', 'FIFO'])(
    'nbrevive run %s is refused at once with a one-line reason',
    async (target) => {
      if (target === 'FIFO' && !fs.existsSync(fifo)) execFileSync('mkfifo', [fifo]);
      const file = target === 'FIFO' ? fifo : target;
      const started = Date.now();
      const result = await startCli(['run', file], { db }).done;
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toMatch(
        new RegExp(
          `^nbrevive: ${file.replace(/[.]/g, '\\.')} is (a character device|a named pipe \\(FIFO\\)), not a file or folder: give a notebook`,
        ),
      );
    },
    30_000,
  );
});

describe('symlinks in case data (item 5)', () => {
  function linkedCase(name: string, link: string): string {
    const root = path.join(dir, name);
    fs.mkdirSync(path.join(root, 'input', 'real'), { recursive: true });
    fs.writeFileSync(path.join(root, 'input', 'real', 'v.txt'), '42\n');
    fs.symlinkSync(link, path.join(root, 'input', 'linked'));
    const nb = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [codeCell("print(open('../input/linked/v.txt').read().strip())")],
    };
    fs.writeFileSync(path.join(root, 'notebook.ipynb'), JSON.stringify(nb));
    return root;
  }

  it('a linked folder inside the case is copied and read through its link name', async () => {
    const root = linkedCase('link-inside', 'real');
    const result = await startCli(['run', path.join(root, 'notebook.ipynb'), '--json'], { db }).done;
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toMatchObject({ status: 'ok', errors: [] });
  }, 120_000);

  it('a link that leaves the case is refused with a one-line reason, no stack trace', async () => {
    const root = linkedCase('link-outside', '/etc');
    const result = await startCli(['run', path.join(root, 'notebook.ipynb')], { db }).done;
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/internal error|EISDIR|\n\s+at /);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^nbrevive: the case data has a link linked → \/etc, which leaves the case folder/,
    );
  }, 120_000);
});

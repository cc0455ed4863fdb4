// Bad input to the CLI: a one-line reason and a non-zero exit code, nothing stored half-way; a notebook that ran
// (whatever it did) exits 0.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/corpus';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';
import { spawnLookalike } from '../../helpers/processes';

const dir = tempDir();
const db = path.join(dir, 'db.sqlite');
const example = path.join(REPO_ROOT, 'resources/examples/breast-cancer-2017');

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe('nbrevive run: bad input', () => {
  it('a file that is not JSON', async () => {
    const file = write('broken.ipynb', '{"cells": [');
    const r = await runCli(['run', file], { db });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^nbrevive: .*broken\.ipynb.*not valid JSON/);
  });

  it('JSON that is not a notebook', async () => {
    const file = write('data.ipynb', '{"hello": "world"}');
    const r = await runCli(['run', file], { db });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^nbrevive: .*data\.ipynb.*not a Jupyter notebook/);
  });

  it('a binary file', async () => {
    const file = write('image.ipynb', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xfe]));
    const r = await runCli(['run', file], { db });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^nbrevive: .*image\.ipynb.*binary/);
  });

  it('a missing data folder', async () => {
    const r = await runCli(['run', path.join(example, 'notebook.ipynb'), '--data', path.join(dir, 'no-such-folder')], {
      db,
    });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^nbrevive: .*no-such-folder/);
  });

  it('an interpreter without nbclient says how to install it', async () => {
    const python = path.join(dir, 'python-without-nbclient');
    // a real interpreter that cannot import nbclient: Python in isolated mode with an empty path
    fs.writeFileSync(python, `#!/bin/sh\nexec /usr/bin/python3 -I -S "$@"\n`, { mode: 0o755 });
    const r = await runCli(['run', example, '--python', python], { db });
    expect(r.code).toBe(2);
    const line = oneLine(r.stderr);
    expect(line).toMatch(/nbclient/);
    expect(line).toMatch(/install/);
  });

  it('a bad option value names the option', async () => {
    const r = await runCli(['run', example, '--timeout', 'soon'], { db });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      "nbrevive run: --timeout must be a positive number, got 'soon' (see nbrevive run --help)",
    );
  });

  it('a notebook over the time limit is reported as timeout and exits 0', async () => {
    const nb = {
      cells: [
        { cell_type: 'code', source: 'print("start")', metadata: {}, outputs: [], execution_count: null },
        { cell_type: 'code', source: 'import time\ntime.sleep(600)', metadata: {}, outputs: [], execution_count: null },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 4,
    };
    const file = write('sleepy.ipynb', JSON.stringify(nb));
    const r = await runCli(['run', file, '--timeout', '8', '--json'], { db });
    expect(r.code, r.stderr).toBe(0);
    const out = jsonOf<{ status: string; wallTimeMs: number; verdict: { reproducible: boolean } }>(r);
    expect(out.status).toBe('timeout');
    expect(out.wallTimeMs).toBeLessThan(60_000);
  }, 120_000);
});

describe('nbrevive modernize --resume: a job another process runs', () => {
  it('is refused while that process lives, and nothing changes', async () => {
    const { openStore } = await import('../../../main/core/store');
    const { importCase } = await import('../../../main/core/jobs/job-service');
    const { ownerId } = await import('../../../main/core/jobs/job-owner');
    // stands for a `nbrevive modernize` running in another terminal
    const other = await spawnLookalike('nbrevive-other-terminal');
    try {
      const owner = ownerId('cli', other.pid);
      const resumeDb = path.join(dir, 'resume.sqlite');
      const store = openStore(resumeDb);
      const record = await importCase(store, example);
      const job = store.jobs.create({ caseId: record.id, status: 'running', workerId: owner });
      store.close();
      const r = await runCli(['modernize', '--resume', job.id], { db: resumeDb });
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr)).toBe(
        `nbrevive: job ${job.id} is running in another process (${owner}); cancel it there, or wait for it`,
      );
      const after = openStore(resumeDb);
      expect(after.jobs.require(job.id)).toMatchObject({ status: 'running', workerId: owner, attempts: job.attempts });
      after.close();
    } finally {
      other.kill('SIGKILL');
    }
  });
});

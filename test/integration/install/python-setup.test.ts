// The managed Python runtime, for real: a venv made by a real python3 and filled by pip from a local package
// folder (no index is reachable here), checked, remembered, then used by `nbrevive run` when no interpreter is
// named. The apt path is exercised by .ci/run on a fresh machine (the README's first command with --yes).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NbreviveError } from '../../../shared/lib/errors';
import { withPythonOffer } from '../../../main/cli/python-offer';
import { choosePython } from '../../../main/core/job-setup';
import { checkPython } from '../../../main/core/runtime/python-detect';
import { planSetup, readManagedRuntime } from '../../../main/core/runtime/python-setup';
import { managedVenvPython } from '../../../main/core/store/paths';
import { jsonOf, runCli, tempDir } from '../../helpers/cli';

/** Local package folders holding nbclient and ipykernel wheels: NBREVIVE_TEST_FIND_LINKS (":"-separated) or the machine's mirror. */
const FIND_LINKS = (process.env.NBREVIVE_TEST_FIND_LINKS ?? '/opt/pypi/files')
  .split(':')
  .filter((d) => fs.existsSync(d));
const hasWheels = FIND_LINKS.some((d) => fs.readdirSync(d).some((f) => f.startsWith('nbclient-')));

/** A python3 that can make a venv with pip: the one on PATH (not Debian's, whose venv lacks ensurepip here). */
function venvBase(): string | null {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(candidate, ['-c', 'import sys, venv, ensurepip, pip; print(sys.executable)'], {
      encoding: 'utf8',
    });
    if (r.status === 0) return r.stdout.trim();
  }
  return null;
}
const BASE = venvBase();
const reason = !hasWheels
  ? 'skipped: no local package folder with nbclient wheels (set NBREVIVE_TEST_FIND_LINKS)'
  : !BASE
    ? 'skipped: no python3 with venv and pip on this machine'
    : null;
if (reason) console.warn(`[nbrevive tests] managed Python runtime: ${reason}`);

const dir = tempDir('nbrevive-setup-');
const dataDir = path.join(dir, 'data');
const requirements = path.join(dir, 'requirements.txt');
fs.writeFileSync(requirements, 'nbclient==0.11.0\nipykernel==7.4.0\n');
const noPython = (): NbreviveError =>
  new NbreviveError('runtime-unavailable', 'no Python interpreter with nbclient and ipykernel was found', {
    reason: 'no-python',
  });
const savedDataDir = process.env.NBREVIVE_DATA_DIR;

afterAll(() => {
  if (savedDataDir === undefined) delete process.env.NBREVIVE_DATA_DIR;
  else process.env.NBREVIVE_DATA_DIR = savedDataDir;
  fs.rmSync(dir, { recursive: true, force: true });
});

(reason ? describe.skip : describe)(`the managed Python runtime${reason ? ` (${reason})` : ''}`, () => {
  const plan = { dataDir, method: 'venv' as const, basePython: BASE as string, findLinks: FIND_LINKS, requirements };

  it('without a terminal and without --yes, says how to accept and changes nothing', async () => {
    await expect(withPythonOffer(() => Promise.reject(noPython()), { yes: false, plan })).rejects.toThrow(
      /--yes.*nbrevive runtimes setup/s,
    );
    const cli = await runCli(['runtimes', 'setup', '--method', 'venv', '--python', BASE as string], {
      db: path.join(dir, 'db.sqlite'),
      env: { NBREVIVE_DATA_DIR: dataDir },
    });
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/pass --yes/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('with --yes sets up a venv from the local folder, checks it and remembers it as the default', async () => {
    process.env.NBREVIVE_DATA_DIR = dataDir;
    let attempts = 0;
    const python = await withPythonOffer(
      () => {
        attempts++;
        return attempts === 1 ? Promise.reject(noPython()) : choosePython(null);
      },
      { yes: true, plan },
    );
    expect(attempts).toBe(2);
    expect(python).toBe(managedVenvPython(dataDir));
    expect(readManagedRuntime(dataDir)).toMatchObject({ python, method: 'venv' });
    expect((await checkPython(python)).ok).toBe(true);
  }, 300_000);

  it('is what run and runtimes use when no interpreter is named', async () => {
    const notebook = path.join(dir, 'where.ipynb');
    const code =
      'import sys\nassert sys.prefix.startswith(' + JSON.stringify(dataDir) + "), sys.prefix\nprint('managed')";
    fs.writeFileSync(
      notebook,
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [{ cell_type: 'code', id: 'a', metadata: {}, execution_count: null, outputs: [], source: code }],
      }),
    );
    const env = { NBREVIVE_DATA_DIR: dataDir, NBREVIVE_PYTHON: '' };
    const runtimes = await runCli(['runtimes', '--json'], { db: path.join(dir, 'db.sqlite'), env });
    expect(jsonOf<{ local: { default: string } }>(runtimes).local.default).toBe(managedVenvPython(dataDir));
    const r = await runCli(['run', notebook, '--json'], { db: path.join(dir, 'db.sqlite'), env });
    expect(r.code, r.stderr).toBe(0);
    const result = jsonOf<{ status: string; errors: unknown[] }>(r);
    expect(result.errors).toEqual([]);
    expect(result.status).toBe('ok');
  }, 120_000);

  it('chooses the venv only when pip can get every requirement, else Debian packages (as root here)', async () => {
    const auto = { dataDir, basePython: BASE as string, findLinks: FIND_LINKS };
    expect((await planSetup({ ...auto, requirements })).method).toBe('venv');
    // a mirror that holds nbclient but not one pinned version: a venv would fail half-way through its install
    const partial = path.join(dir, 'requirements-partial.txt');
    fs.writeFileSync(partial, 'nbclient==0.11.0\nipykernel==0.0.1\n');
    const isRootOnDebian = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
    if (isRootOnDebian) expect((await planSetup({ ...auto, requirements: partial })).method).toBe('apt');
    else await expect(planSetup({ ...auto, requirements: partial })).rejects.toThrow(/every requirement|root/);
  }, 120_000);
});

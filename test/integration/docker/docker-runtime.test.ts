// The Docker runtime against a real engine (a private dockerd the test setup starts) and a real image built from
// Debian packages: same errors and output as the local runtime, the sandbox (non-root, read-only input, no
// network), timeout and cancel leaving no container, describe() and runPython(). Containers are few on purpose:
// with the vfs driver each start copies the image.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NbreviveError } from '../../../shared/lib/errors';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { scoreFromOutputs } from '../../../shared/lib/score-output';
import type { ResolvedCase } from '../../../shared/models/case';
import type { RunnerEvent } from '../../../shared/models/execution';
import type { Notebook } from '../../../shared/models/notebook';
import { loadCase } from '../../../main/core/case/case-loader';
import { CONTAINER_LABEL, GiB, JOB_DIR_LABEL, JOB_LABEL } from '../../../main/core/runtime/docker/container-config';
import { workRootFor } from '../../../main/core/job-setup';
import { ownerId } from '../../../main/core/jobs/job-owner';
import { openStore } from '../../../main/core/store';
import { removeOrphanJobContainers } from '../../../main/host/orphans';
import { DockerRuntime } from '../../../main/core/runtime/docker/docker-runtime';
import { parseGpuOption } from '../../../main/core/runtime/docker/gpu';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { corpusCase, describeCorpus, REPO_ROOT } from '../../helpers/corpus';
import {
  containersWithLabel,
  describeDocker,
  startTestEngine,
  TEST_DOCKER_HOST,
  TEST_DOCKER_SOCKET,
  type TestEngine,
} from '../../helpers/docker-engine';
import { codeNotebook } from '../../helpers/notebooks';
import { deadPid } from '../../helpers/processes';
import { TEST_PYTHON } from '../../helpers/python';
import { requestsFor } from '../../helpers/python-requests';
import { openerNotebook, UNMAPPED, writeOpenml } from '../../helpers/url-openers';
import { bareCase as caseOfNotebook } from '../../../main/core/case/case-loader';

/** creating a container copies the image (vfs) and removing it deletes the copy: ~20-60 s each on a busy 2-core machine */
const CONTAINER_TEST_TIMEOUT = 600_000;

function notebook(...sources: string[]): Notebook {
  return codeNotebook({ id: 'md', source: '# written by the Docker runtime tests' }, sources);
}

function bareCase(
  root: string,
  dataDir: string | null,
  files: Record<string, string> = {},
  dirs: string[] = [],
): ResolvedCase {
  return { ...caseOfNotebook(path.join(root, 'probe.ipynb'), dataDir), files, dirs };
}

function streamText(nb: Notebook | null, cellIndex: number): string {
  const cell = nb?.cells[cellIndex];
  return (cell?.outputs ?? [])
    .filter((o) => o.output_type === 'stream' && o.name === 'stdout')
    .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
    .join('');
}

describeDocker('Docker runtime (real engine, Debian-built image)', () => {
  let engine: TestEngine;
  let runtime: DockerRuntime;
  let tmp: string;

  beforeAll(async () => {
    engine = await startTestEngine();
    runtime = new DockerRuntime({
      image: engine.image,
      host: TEST_DOCKER_HOST,
      limits: { memoryBytes: 3 * GiB, cpus: 2, pids: 1024 },
    });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-docker-test-'));
  }, 900_000);

  /** A container as a killed worker leaves it: created (from a one-file image, no copy of the big one), labelled. */
  let tinyImage: Promise<void> | null = null;
  async function leftBehind(labels: Record<string, string>): Promise<{ id: string }> {
    tinyImage ??= (async () => {
      const rootfs = path.join(tmp, 'stale-rootfs');
      fs.mkdirSync(rootfs, { recursive: true });
      fs.writeFileSync(path.join(rootfs, 'marker'), 'left behind');
      spawnSync('tar', ['-cf', path.join(tmp, 'stale.tar'), '-C', rootfs, '.']);
      const imported = await engine.connection.docker.importImage(path.join(tmp, 'stale.tar'), {
        repo: 'nbrevive-test/stale',
        tag: '1',
      });
      await new Promise((resolve, reject) =>
        engine.connection.docker.modem.followProgress(imported, (e) => (e ? reject(e) : resolve(null))),
      );
    })();
    await tinyImage;
    return engine.connection.docker.createContainer({
      Image: 'nbrevive-test/stale:1',
      Cmd: ['/marker'],
      Labels: labels,
    });
  }

  /**
   * This file's runtime containers: its jobs' (their job dirs lie in its tmp folder), its stale one and its
   * describe()/runPython() ones (no job dir). Other test files run theirs on the same engine at the same time
   * (isolation.test.ts): counting those made the check fail by timing.
   */
  async function ownRuntimeContainers(): Promise<string[]> {
    const list = await engine.connection.docker.listContainers({ all: true, filters: { label: [CONTAINER_LABEL] } });
    return list
      .filter((c) => {
        const dir = c.Labels?.[JOB_DIR_LABEL];
        return dir === undefined || dir.startsWith(tmp);
      })
      .map((c) => c.Id);
  }

  /** no container carries any of these labels (none left behind); for CONTAINER_LABEL, none of this file's */
  async function expectNoContainers(...labels: string[]): Promise<void> {
    for (const label of labels)
      expect(
        label === CONTAINER_LABEL ? await ownRuntimeContainers() : await containersWithLabel(engine.connection, label),
      ).toEqual([]);
  }

  afterAll(async () => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await engine?.release();
  }, 120_000);

  it('check() says what is wrong: engine not running, image missing, GPUs without the NVIDIA runtime', async () => {
    const ok = await runtime.check();
    expect(ok.ok).toBe(true);
    expect(ok.message).toMatch(new RegExp(`^Docker \\S+ at ${TEST_DOCKER_HOST}; image ${engine.image} \\(`));

    const absent = await new DockerRuntime({ image: 'nbrevive-test/absent:1', host: TEST_DOCKER_HOST }).check();
    expect(absent).toEqual({
      ok: false,
      message:
        'the Docker image nbrevive-test/absent:1 is not on this engine: pull it with `nbrevive images pull nbrevive-test/absent:1`, ' +
        "or build nbrevive's own image with `nbrevive images build` (resources/docker/Dockerfile)",
    });

    const gpus = await new DockerRuntime({
      image: engine.image,
      host: TEST_DOCKER_HOST,
      gpus: parseGpuOption('all'),
    }).check();
    expect(gpus.ok).toBe(false);
    expect(gpus.message).toMatch(
      new RegExp(
        `^GPUs were requested \\(--gpus all\\) but the Docker engine at ${TEST_DOCKER_HOST} has no NVIDIA runtime: install the NVIDIA Container Toolkit`,
      ),
    );

    const nowhere = `unix://${path.join(tmp, 'no-engine.sock')}`;
    const down = await new DockerRuntime({ image: engine.image, host: nowhere }).check();
    expect(down).toEqual({
      ok: false,
      message: `Docker is not running (nothing answers at ${nowhere}): start it with \`sudo systemctl start docker\` (or start Docker Desktop), or set DOCKER_HOST to the address of a running engine`,
    });
  });

  it('check() as a user outside the docker group says to join it (a real EACCES on the socket)', () => {
    const mode = fs.statSync(TEST_DOCKER_SOCKET).mode & 0o777;
    expect(mode & 0o006).toBe(0); // the socket is not world-accessible, as dockerd creates it
    const script = `import { DockerRuntime } from ${JSON.stringify(path.join(REPO_ROOT, 'main/core/runtime/docker/docker-runtime.ts'))};
const r = await new DockerRuntime({ image: 'x', host: ${JSON.stringify(TEST_DOCKER_HOST)} }).check();
console.log(JSON.stringify(r));`;
    const file = path.join(tmp, 'check-as-nobody.mts');
    fs.writeFileSync(file, script);
    fs.chmodSync(tmp, 0o755);
    const r = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [file], {
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: '/tmp' },
      cwd: '/tmp',
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout.trim())).toEqual({
      ok: false,
      message:
        `permission denied on the Docker socket ${TEST_DOCKER_HOST}: add your user to the docker group ` +
        '(`sudo usermod -aG docker $USER`, then log out and in again), or set DOCKER_HOST to an engine you may use',
    });
  });

  it(
    'runs a notebook in the sandbox with the same errors and outputs as the local runtime',
    async () => {
      const root = path.join(tmp, 'probe-case');
      fs.mkdirSync(path.join(root, 'input'), { recursive: true });
      fs.writeFileSync(path.join(root, 'input', 'data.csv'), 'a,b\n1,2\n3,4\n');
      const probeCase = bareCase(
        root,
        path.join(root, 'input'),
        { 'data/copy.csv': path.join(root, 'input', 'data.csv') },
        ['out'],
      );
      const common = [
        "import pandas as pd\ndf = pd.read_csv('../input/data.csv')\nprint('sum', int(df.a.sum() + df.b.sum()))\nprint('copy', len(pd.read_csv('data/copy.csv')))",
        'import numpy as np\nx = np.float(1)',
        "df.to_csv('out/result.csv', index=False)\nprint('rows', len(df))",
        'undefined_name + 1',
      ];
      const sandbox = [
        "import os, time\ntime.sleep(2)\nprint('uid', os.getuid(), 'gid', os.getgid(), 'cwd', os.getcwd())",
        "open('/kaggle/input/new.txt', 'w')",
        "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=5)",
        "import urllib.request\nurllib.request.urlopen('http://example.com/', timeout=5)",
      ];
      const nb = notebook(...common, ...sandbox);
      // what a worker killed mid-run leaves: a container of this job (created from a one-file image, so it costs no
      // copy of the big image); the runtime must remove it before running the job again
      const stale = await leftBehind({ [CONTAINER_LABEL]: '1', [JOB_LABEL]: 'job-docker' });
      expect(await containersWithLabel(engine.connection, `${JOB_LABEL}=job-docker`)).toEqual([stale.id]);
      const events: Array<{ at: number; event: RunnerEvent }> = [];
      const local = new LocalRuntime({ python: TEST_PYTHON });
      const [inDocker, locally] = await Promise.all([
        runtime
          .execute(
            { notebook: nb, case: probeCase, timeoutMs: 300_000, jobDir: path.join(tmp, 'job-docker') },
            (event) => events.push({ at: Date.now(), event }),
          )
          .then((r) => ({ ...r, finishedAt: Date.now() })),
        local.execute({ notebook: nb, case: probeCase, timeoutMs: 300_000, jobDir: path.join(tmp, 'job-local') }),
      ]);
      const commonCells = new Set(common.map((_, i) => i + 1));
      const pick = (errors: Array<{ cellIndex: number; ename: string; evalue: string }>) =>
        errors
          .filter((e) => commonCells.has(e.cellIndex))
          .map(({ cellIndex, ename, evalue }) => ({ cellIndex, ename, evalue }));
      expect(pick(inDocker.report.errors)).toEqual(pick(locally.report.errors));
      expect(pick(inDocker.report.errors).map((e) => [e.cellIndex, e.ename])).toEqual([
        [2, 'AttributeError'],
        [4, 'NameError'],
      ]);
      for (const cell of [1, 3]) expect(streamText(inDocker.executed, cell)).toBe(streamText(locally.executed, cell));
      expect(streamText(inDocker.executed, 1)).toBe('sum 10\ncopy 2\n');
      expect(inDocker.report.filesWritten).toEqual(['out/result.csv']);
      expect(fs.readFileSync(path.join(inDocker.workingDir, 'out/result.csv'), 'utf8')).toBe('a,b\n1,2\n3,4\n');

      // the sandbox: a non-root user, /kaggle/input read-only, no network
      expect(streamText(inDocker.executed, 5)).toMatch(/^uid 1000 gid 1000 cwd \/kaggle\/working\n$/);
      const byCell = new Map(inDocker.report.errors.map((e) => [e.cellIndex, e]));
      expect(byCell.get(6)).toMatchObject({
        ename: 'OSError',
        evalue: expect.stringContaining('Read-only file system'),
      });
      expect(byCell.get(7)?.ename).toBe('OSError');
      expect(byCell.get(7)?.evalue).toMatch(/Network is unreachable|unreachable|Errno/);
      expect(byCell.get(8)?.ename).toBe('URLError');
      expect(inDocker.report.status).toBe('error');
      expect(inDocker.report.cells.filter((c) => c.status !== 'skipped')).toHaveLength(8);

      // events arrived live, while the container was still running (the sleep of cell 5 separates them)
      const firstStream = events.find((e) => e.event.type === 'stream');
      expect(firstStream).toBeDefined();
      expect(inDocker.finishedAt - (firstStream?.at ?? 0)).toBeGreaterThan(1_500);
      expect(events.map((e) => e.event.type).at(-1)).toBe('done');
      // the stale container is gone with the run's own
      await expectNoContainers(`${JOB_LABEL}=job-docker`, CONTAINER_LABEL);
    },
    CONTAINER_TEST_TIMEOUT,
  );

  it(
    'serves mapped URLs inside the container to every opener (read-only copies), refusing unmapped ones at once',
    async () => {
      const root = path.join(tmp, 'url-case');
      const input = path.join(root, 'input');
      fs.mkdirSync(path.join(root, 'downloads'), { recursive: true });
      fs.mkdirSync(input, { recursive: true });
      const train = 'id,y\n1,0\n2,1\n3,1\n';
      fs.writeFileSync(path.join(input, 'train.csv'), train);
      fs.writeFileSync(
        path.join(root, 'downloads', 'tips.csv'),
        'total_bill,tip,sex,smoker,day,time,size\n16.99,1.01,Female,No,Sun,Dinner,2\n10.34,1.66,Male,No,Sun,Dinner,3\n',
      );
      // requests is not in the image: Debian's package, unpacked into the case data, reaches the container read-only
      const lib = requestsFor(TEST_PYTHON, 'bookworm', path.join(input, 'pylib'));
      const inContainer = lib.ok && lib.sysPath ? `/kaggle/input/${path.relative(input, lib.sysPath)}` : null;
      if (!inContainer)
        console.warn(
          `[nbrevive tests] Docker URL serving without requests: ${lib.ok ? 'requests is installed on the host only' : lib.reason}`,
        );
      const userMap = writeOpenml(path.join(tmp, 'url-user', 'openml'));
      fs.writeFileSync(path.join(tmp, 'url-user', 'records.json'), JSON.stringify({ rows: [1, 2, 3] }));
      userMap['https://api.example.org/v1/records.json'] = path.join(tmp, 'url-user', 'records.json');
      const kase: ResolvedCase = {
        ...bareCase(root, input),
        urls: {
          'https://data.example.org/train.csv': path.join(input, 'train.csv'),
          'https://raw.githubusercontent.com/mwaskom/seaborn-data/master/tips.csv': path.join(
            root,
            'downloads',
            'tips.csv',
          ),
        },
      };
      const nb = openerNotebook(inContainer);
      // a mapped copy is read-only inside the container
      nb.cells.push({
        id: 'ro',
        cell_type: 'code',
        source:
          "mounts = [line.split() for line in open('/proc/self/mounts')]\nprint(len([m for m in mounts if m[1].startswith('/kaggle/nbrevive-urls/')]), sorted({m[3].split(',')[0] for m in mounts if m[1].startswith('/kaggle/nbrevive-urls/')}))",
        metadata: {},
        outputs: [],
        execution_count: null,
      });
      const withMap = new DockerRuntime({
        image: engine.image,
        host: TEST_DOCKER_HOST,
        limits: { memoryBytes: 3 * GiB, cpus: 2, pids: 1024 },
        urlMap: userMap,
      });
      const { report, executed } = await withMap.execute({
        notebook: nb,
        case: kase,
        timeoutMs: 300_000,
        jobDir: path.join(tmp, 'job-urls'),
      });
      const errors = new Map(report.errors.map((e) => [e.cellIndex, e]));
      for (const cell of [1, 2, 3, 4, 5, 6, 7, 11])
        expect(errors.get(cell), `cell ${cell}: ${errors.get(cell)?.evalue}`).toBeUndefined();
      expect(streamText(executed, 2)).toBe(`${train.trim()}\n200 text/csv; charset=utf-8\n`);
      expect(streamText(executed, 3)).toBe(`copy.csv 4 ${train.length}\n`);
      expect(streamText(executed, 4)).toBe('pandas 2 3\n');
      expect(streamText(executed, 5)).toBe('seaborn (2, 7) 2.67\n');
      expect(streamText(executed, 6)).toBe("openml [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] ['a', 'b', 'a']\n");
      if (inContainer) expect(streamText(executed, 7)).toBe('requests 200 [1, 2, 3] utf-8\nstream True\n');
      const refused = (url: string) =>
        `nbrevive: no network in this run; ${url} is not mapped. Map it with data.urls in nbrevive.case.json or --url-map FILE`;
      expect(errors.get(8)).toMatchObject({
        ename: 'URLError',
        evalue: expect.stringContaining(refused(`${UNMAPPED}/missing.csv`)),
      });
      expect(errors.get(9)).toMatchObject({
        ename: 'URLError',
        evalue: expect.stringContaining(refused(`${UNMAPPED}/other.csv`)),
      });
      if (inContainer)
        expect(errors.get(10)).toMatchObject({
          ename: 'ConnectionError',
          evalue: expect.stringContaining(refused(`${UNMAPPED}/missing.json`)),
        });
      // tips.csv and the user's five files (three URLs share tiny.arff) are mounted one by one, read-only
      expect(streamText(executed, 11)).toBe("6 ['ro']\n");
      expect(executed?.cells.map((c) => c.source)).toEqual(nb.cells.map((c) => c.source));
    },
    CONTAINER_TEST_TIMEOUT,
  );

  it(
    "a host start removes the containers of its database's jobs that no live process runs",
    async () => {
      const store = openStore(path.join(tmp, 'orphans', 'nbrevive.db'));
      try {
        const workRoot = workRootFor(store);
        const caseId = store.cases.upsert(
          caseOfNotebook(path.join(tmp, 'orphans', 'nb.ipynb'), null),
          store.blobs.put('{}'),
        ).id;
        // killed mid-run: still marked running, but its owner is gone
        const dead = store.jobs.create({ caseId, status: 'running', workerId: ownerId('cli', deadPid()) });
        // run by this (live) process
        const live = store.jobs.create({ caseId, status: 'running', workerId: ownerId('cli') });
        const labels = (jobId: string, root = workRoot) => ({
          [CONTAINER_LABEL]: '1',
          [JOB_LABEL]: jobId,
          [JOB_DIR_LABEL]: path.join(root, jobId),
        });
        const orphan = await leftBehind(labels(dead.id));
        const running = await leftBehind(labels(live.id));
        // another database's job with the same id: not ours to judge
        const foreign = await leftBehind(labels(dead.id, path.join(tmp, 'elsewhere', 'work')));
        expect(await removeOrphanJobContainers(store, TEST_DOCKER_HOST)).toEqual([dead.id]);
        const left = await containersWithLabel(engine.connection, JOB_DIR_LABEL);
        expect(left).not.toContain(orphan.id);
        expect(left).toEqual(expect.arrayContaining([running.id, foreign.id]));
        // no engine: nothing to do, no error
        expect(await removeOrphanJobContainers(store, `unix://${path.join(tmp, 'no-engine.sock')}`)).toEqual([]);
        for (const id of [running.id, foreign.id])
          await engine.connection.docker.getContainer(id).remove({ force: true });
      } finally {
        store.close();
      }
    },
    CONTAINER_TEST_TIMEOUT,
  );

  it(
    'timeout and cancel stop the container and leave none behind',
    async () => {
      const root = path.join(tmp, 'sleep-case');
      fs.mkdirSync(root, { recursive: true });
      const nb = notebook("print('before')", 'import time\ntime.sleep(600)', "print('never')");
      const controller = new AbortController();
      const [timedOut, cancelled] = await Promise.all([
        runtime.execute({
          notebook: nb,
          case: bareCase(root, null),
          timeoutMs: 20_000,
          jobDir: path.join(tmp, 'job-timeout'),
        }),
        runtime
          .execute(
            {
              notebook: nb,
              case: bareCase(root, null),
              timeoutMs: 300_000,
              jobDir: path.join(tmp, 'job-cancel'),
              signal: controller.signal,
            },
            (event) => {
              if (event.type === 'cell-started' && event.cellIndex === 2) setTimeout(() => controller.abort(), 500);
            },
          )
          .then(
            () => null,
            (e: unknown) => e,
          ),
      ]);
      expect(timedOut.report.status).toBe('timeout');
      expect(timedOut.report.message).toMatch(
        /^the notebook exceeded the time limit of 20 s: its container was stopped (while cell 2 \(`import time`\) was running|before the first cell started)$/,
      );
      expect(timedOut.report.wallTimeMs).toBeLessThan(20_000 + 15_000);
      expect(cancelled).toBeInstanceOf(NbreviveError);
      expect((cancelled as NbreviveError).code).toBe('cancelled');
      expect((cancelled as NbreviveError).message).toMatch(
        /^the execution was cancelled while cell 2 \(`import time`\) was running; its container was removed$/,
      );
      await expectNoContainers(`${JOB_LABEL}=job-timeout`, `${JOB_LABEL}=job-cancel`, CONTAINER_LABEL);
    },
    CONTAINER_TEST_TIMEOUT,
  );

  it(
    'describe() reports the Python and package versions inside the image, cached per image id; runPython() runs a script there',
    async () => {
      const [description, stdout] = await Promise.all([
        runtime.describe(),
        (async () => {
          const cwd = path.join(tmp, 'grader');
          fs.mkdirSync(cwd, { recursive: true });
          const answers = path.join(tmp, 'answers.csv');
          fs.writeFileSync(answers, 'id,y\n1,0\n2,1\n');
          return runtime.runPython(
            `import os, sys\nrows = open(sys.argv[1]).read().splitlines()\nopen('graded.txt', 'w').write(str(len(rows)))\nprint(len(rows), os.getuid() == ${process.getuid?.() ?? 0})`,
            [answers],
            { cwd, timeoutMs: 120_000 },
          );
        })(),
      ]);
      expect(stdout.trim()).toBe('3 True');
      expect(fs.readFileSync(path.join(tmp, 'grader', 'graded.txt'), 'utf8')).toBe('3');
      expect(description.runtime).toBe('docker');
      expect(description.image).toBe(engine.image);
      expect(description.python).toMatch(/^3\.11\./);
      expect(description.packages).toMatchObject({
        pandas: '1.5.3',
        'scikit-learn': '1.2.1',
        nbclient: expect.any(String),
      });
      expect(description.gpus).toEqual([]);
      const t0 = Date.now();
      expect(await runtime.describe()).toEqual(description);
      expect(Date.now() - t0).toBeLessThan(2_000);
      await expectNoContainers(CONTAINER_LABEL);
    },
    CONTAINER_TEST_TIMEOUT,
  );

  describeCorpus('a real corpus case in Docker and locally', () => {
    it(
      'mlcourse-topic7-pca-clustering: the same first error and the same score',
      async () => {
        const c = await loadCase(corpusCase('mlcourse-topic7-pca-clustering'));
        const nb = parseNotebook(fs.readFileSync(c.notebookPath, 'utf8'));
        const local = new LocalRuntime({ python: TEST_PYTHON });
        const [inDocker, locally] = await Promise.all([
          runtime.execute({ notebook: nb, case: c, timeoutMs: 300_000, jobDir: path.join(tmp, 'corpus-docker') }),
          local.execute({ notebook: nb, case: c, timeoutMs: 300_000, jobDir: path.join(tmp, 'corpus-local') }),
        ]);
        const expected = c.manifest?.expected?.firstError;
        expect(expected).toBeTruthy();
        const first = (r: typeof inDocker) =>
          r.report.errors[0] && { cellIndex: r.report.errors[0].cellIndex, ename: r.report.errors[0].ename };
        expect(first(inDocker)).toEqual({ cellIndex: expected?.cellIndex, ename: expected?.ename });
        expect(first(inDocker)).toEqual(first(locally));
        expect(inDocker.report.errors.map((e) => [e.cellIndex, e.ename])).toEqual(
          locally.report.errors.map((e) => [e.cellIndex, e.ename]),
        );
        if (c.score.kind !== 'output') throw new Error('the case is expected to have an output score spec');
        const spec = { cellIndex: c.score.cellIndex, pattern: c.score.pattern, occurrence: c.score.occurrence };
        const dockerScore = scoreFromOutputs(spec, nb, inDocker.executed as Notebook);
        const localScore = scoreFromOutputs(spec, nb, locally.executed as Notebook);
        expect(dockerScore.score).not.toBeNull();
        expect(dockerScore.score).toBe(localScore.score);
      },
      CONTAINER_TEST_TIMEOUT,
    );
  });
});

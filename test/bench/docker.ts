// `npm run bench:docker`: per-execution overhead of the Docker runtime against the local one on the same small
// notebook, as a ratio of wall times (end to end: container creation, start, kernel, removal). Uses the private
// test engine and the Debian-built test image (started/built like the tests do), or DOCKER_HOST + NBREVIVE_BENCH_IMAGE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedCase } from '../../shared/models/case';
import type { Notebook } from '../../shared/models/notebook';
import { bareCase } from '../../main/core/case/case-loader';
import { DockerRuntime } from '../../main/core/runtime/docker/docker-runtime';
import { LocalRuntime } from '../../main/core/runtime/local-runtime';
import type { Runtime } from '../../main/core/runtime/runtime';
import { dockerSkipReason, startTestEngine, TEST_DOCKER_HOST } from '../helpers/docker-engine';
import { TEST_PYTHON } from '../helpers/python';
import { median } from '../../shared/lib/statistics';

const RUNS = Number(process.env.NBREVIVE_BENCH_RUNS ?? 3);

const notebook: Notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [
    {
      id: 'a',
      cell_type: 'code',
      metadata: {},
      outputs: [],
      execution_count: null,
      source:
        'import pandas as pd\nfrom sklearn.linear_model import LogisticRegression\nfrom sklearn.datasets import load_iris',
    },
    {
      id: 'b',
      cell_type: 'code',
      metadata: {},
      outputs: [],
      execution_count: null,
      source:
        'X, y = load_iris(return_X_y=True)\nm = LogisticRegression(max_iter=500).fit(X, y)\nprint("accuracy", m.score(X, y))',
    },
  ],
};

async function time(
  runtime: Runtime,
  jobDir: string,
  theCase: ResolvedCase,
): Promise<{ wallMs: number; reportMs: number }> {
  const t0 = performance.now();
  const result = await runtime.execute({ notebook, case: theCase, timeoutMs: 300_000, jobDir });
  if (result.report.status !== 'ok')
    throw new Error(
      `${runtime.kind}: ${result.report.status} ${result.report.message ?? ''} ${JSON.stringify(result.report.errors.map((e) => e.ename))}`,
    );
  return { wallMs: performance.now() - t0, reportMs: result.report.wallTimeMs };
}

async function main(): Promise<void> {
  const userEngine = process.env.NBREVIVE_BENCH_IMAGE;
  let release = async () => {};
  let docker: DockerRuntime;
  if (userEngine) {
    docker = new DockerRuntime({ image: userEngine });
  } else {
    const reason = dockerSkipReason();
    if (reason) {
      console.log(`bench:docker ${reason}`);
      return;
    }
    const engine = await startTestEngine();
    release = engine.release;
    docker = new DockerRuntime({ image: engine.image, host: TEST_DOCKER_HOST });
  }
  const local = new LocalRuntime({ python: TEST_PYTHON });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-bench-docker-'));
  // id and title 'bench', scored by execution only
  const theCase: ResolvedCase = bareCase(path.join(tmp, 'bench.ipynb'), null);
  try {
    const check = await docker.check();
    if (!check.ok) throw new Error(check.message);
    console.log(`docker: ${check.message}`);
    const localRuns: number[] = [];
    const dockerRuns: number[] = [];
    const dockerInside: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      localRuns.push((await time(local, path.join(tmp, `local-${i}`), theCase)).wallMs);
      const d = await time(docker, path.join(tmp, `docker-${i}`), theCase);
      dockerRuns.push(d.wallMs);
      dockerInside.push(d.reportMs);
      console.log(
        `run ${i + 1}/${RUNS}: local ${(localRuns[i]! / 1000).toFixed(2)} s, docker ${(d.wallMs / 1000).toFixed(2)} s (${(d.reportMs / 1000).toFixed(2)} s from container start to exit)`,
      );
    }
    const l = median(localRuns);
    const d = median(dockerRuns);
    const inside = median(dockerInside);
    console.log(`median over ${RUNS} runs: local ${(l / 1000).toFixed(2)} s, docker ${(d / 1000).toFixed(2)} s`);
    console.log(
      `docker overhead per execution: +${((d - l) / 1000).toFixed(2)} s end to end, ratio ${(d / l).toFixed(2)}`,
    );
    console.log(
      `  of which container creation and removal (image copy on this engine's storage driver): ${((d - inside) / 1000).toFixed(2)} s; run inside the container vs local: ratio ${(inside / l).toFixed(2)}`,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    await release();
  }
}

await main();

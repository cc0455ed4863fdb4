// What a notebook sees of the host from inside the Docker runtime's container (issue 15, item 7), in one real
// container on the private test engine: no capabilities, no-new-privileges, seccomp on, a read-only root with a
// writable tmpfs /tmp, no host devices, no network, not root, no core dumps, and none of the host's environment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bareCase } from '../../../main/core/case/case-loader';
import { GiB } from '../../../main/core/runtime/docker/container-config';
import { DockerRuntime } from '../../../main/core/runtime/docker/docker-runtime';
import type { Notebook } from '../../../shared/models/notebook';
import { describeDocker, startTestEngine, TEST_DOCKER_HOST, type TestEngine } from '../../helpers/docker-engine';

const PROBE = String.raw`import os, json, resource
status = dict(line.split(':\t', 1) for line in open('/proc/self/status').read().splitlines() if ':\t' in line)
def writable(p):
    try:
        with open(p, 'w') as f:
            f.write('x')
        return True
    except OSError as e:
        return e.strerror
facts = {
    'uid': os.getuid(),
    'capEff': status['CapEff'].strip(),
    'capBnd': status['CapBnd'].strip(),
    'noNewPrivs': status['NoNewPrivs'].strip(),
    'seccomp': status['Seccomp'].strip(),
    'usr': writable('/usr/nbrevive-probe'),
    'root': writable('/nbrevive-probe'),
    'varTmp': writable('/var/tmp/nbrevive-probe'),
    'tmp': writable('/tmp/nbrevive-probe'),
    'working': writable('/kaggle/working/probe.txt'),
    'input': writable('/kaggle/input/probe.txt'),
    'interfaces': sorted(l.split(':')[0].strip() for l in open('/proc/net/dev').read().splitlines()[2:]),
    'devices': sorted(d for d in os.listdir('/dev') if not d.startswith(('pts', 'shm', 'mqueue', 'fd', 'std', 'core'))),
    'core': resource.getrlimit(resource.RLIMIT_CORE),
    'secretEnv': sorted(k for k in os.environ if 'KEY' in k or 'TOKEN' in k or k.startswith(('NBREVIVE', 'OPENAI'))),
}
print('FACTS', json.dumps(facts))`;

describeDocker('Docker runtime isolation (one real container)', () => {
  let engine: TestEngine;
  let tmp: string;

  beforeAll(async () => {
    engine = await startTestEngine();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-isolation-'));
  }, 900_000);

  afterAll(async () => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    await engine?.release();
  }, 120_000);

  it('gives the notebook no capabilities, no privileges to gain, no host devices, network or environment, and a read-only root', async () => {
    process.env.OPENAI_API_KEY ??= 'sk-isolation-probe-1234567';
    const root = path.join(tmp, 'case');
    fs.mkdirSync(path.join(root, 'input'), { recursive: true });
    fs.writeFileSync(path.join(root, 'input', 'data.csv'), 'a\n1\n');
    const notebook: Notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [{ id: 'p', cell_type: 'code', source: PROBE, metadata: {}, outputs: [], execution_count: null }],
    };
    const runtime = new DockerRuntime({
      image: engine.image,
      host: TEST_DOCKER_HOST,
      limits: { memoryBytes: 2 * GiB, cpus: 2, pids: 512 },
    });
    const result = await runtime.execute({
      notebook,
      case: bareCase(path.join(root, 'probe.ipynb'), path.join(root, 'input')),
      timeoutMs: 300_000,
      jobDir: path.join(tmp, 'job'),
    });
    expect(result.report.status, result.report.message ?? '').toBe('ok');
    const out = (result.executed?.cells[0]?.outputs ?? [])
      .map((o) => (Array.isArray(o.text) ? o.text.join('') : (o.text ?? '')))
      .join('');
    const facts = JSON.parse(out.slice(out.indexOf('FACTS ') + 6)) as Record<string, unknown>;
    expect(facts.uid).not.toBe(0);
    expect(facts.capEff).toBe('0000000000000000');
    expect(facts.capBnd).toBe('0000000000000000');
    expect(facts.noNewPrivs).toBe('1');
    expect(facts.seccomp).toBe('2');
    expect(facts.usr).toMatch(/Read-only file system|Permission denied/);
    expect(facts.root).toMatch(/Read-only file system|Permission denied/);
    // world-writable in the image (1777): only a read-only root refuses it
    expect(facts.varTmp).toBe('Read-only file system');
    expect(facts.tmp).toBe(true);
    expect(facts.working).toBe(true);
    expect(facts.input).toMatch(/Read-only file system|Permission denied/);
    expect(facts.interfaces).toEqual(['lo']);
    expect(facts.devices).toEqual(['full', 'null', 'ptmx', 'random', 'tty', 'urandom', 'zero']);
    expect(facts.core).toEqual([0, 0]);
    expect(facts.secretEnv).toEqual([]);
  }, 900_000);
});

import { describe, expect, it } from 'vitest';
import {
  CONTAINER_LABEL,
  DEFAULT_LIMITS,
  GiB,
  type ContainerSpec,
  containerCreateOptions,
  parseByteSize,
} from '../../../../../../main/core/runtime/docker/container-config';
import { parseGpuOption } from '../../../../../../main/core/runtime/docker/gpu';

const spec: ContainerSpec = {
  image: 'nbrevive/runtime:latest',
  cmd: ['python3', '/opt/nbrevive/runner/nbrevive_runner.py'],
  user: '1000:1000',
  limits: { memoryBytes: 4 * GiB, cpus: 1.5, pids: 512, shmBytes: GiB },
  network: false,
  gpus: parseGpuOption('none'),
  workingDir: '/kaggle/working',
  mounts: [
    { host: '/data/case/input', container: '/kaggle/input', readOnly: true },
    { host: '/jobs/1/working', container: '/kaggle/working', readOnly: false },
  ],
};

/** The Docker mount a bind of `Source` at `Target` must become: one whole path each, private propagation. */
function bindMount(Source: string, Target: string, ReadOnly: boolean) {
  return { Type: 'bind', Source, Target, ReadOnly, BindOptions: { Propagation: 'rprivate' } };
}

describe('container configuration', () => {
  it('lays out Kaggle: data read-only at /kaggle/input, a writable /kaggle/working as cwd, a non-root user', () => {
    const o = containerCreateOptions(spec);
    expect(o.HostConfig?.Mounts).toEqual([
      bindMount('/data/case/input', '/kaggle/input', true),
      bindMount('/jobs/1/working', '/kaggle/working', false),
    ]);
    expect(o.HostConfig?.Binds).toBeUndefined();
    expect(o.WorkingDir).toBe('/kaggle/working');
    expect(o.User).toBe('1000:1000');
    expect(o.Labels?.[CONTAINER_LABEL]).toBe('1');
  });

  it('turns the network off unless asked, and applies memory, CPU, pids and shm limits', () => {
    const off = containerCreateOptions(spec);
    expect(off.HostConfig?.NetworkMode).toBe('none');
    expect(off.NetworkDisabled).toBe(true);
    expect(off.HostConfig).toMatchObject({
      Memory: 4 * GiB,
      MemorySwap: 4 * GiB,
      NanoCpus: 1.5e9,
      PidsLimit: 512,
      ShmSize: GiB,
    });
    expect(off.HostConfig?.CapDrop).toEqual(['ALL']);
    const on = containerCreateOptions({ ...spec, network: true });
    expect(on.HostConfig?.NetworkMode).toBe('bridge');
    expect(on.NetworkDisabled).toBe(false);
    expect(containerCreateOptions({ ...spec, limits: DEFAULT_LIMITS }).HostConfig?.NanoCpus).toBeUndefined();
  });

  it('isolates the notebook: no capabilities or new privileges, read-only root with a tmpfs /tmp, no devices, nothing of the host shared', () => {
    const host = containerCreateOptions(spec).HostConfig as Record<string, unknown>;
    expect(host).toMatchObject({
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': `rw,nosuid,nodev,size=${2 * GiB}` },
      Devices: [],
      IpcMode: 'private',
      CgroupnsMode: 'private',
      Ulimits: [{ Name: 'core', Soft: 0, Hard: 0 }],
    });
    // none of these may ever be set: each gives the container a piece of the host
    for (const key of [
      'CapAdd',
      'PidMode',
      'UsernsMode',
      'UTSMode',
      'VolumesFrom',
      'Binds',
      'DeviceCgroupRules',
      'Sysctls',
    ])
      expect(host[key], key).toBeUndefined();
    expect(String(host.SecurityOpt)).not.toMatch(/unconfined/);
    expect(host.NetworkMode).not.toBe('host');
    expect(containerCreateOptions({ ...spec, network: true }).HostConfig?.NetworkMode).toBe('bridge');
  });

  it("passes the container an environment of its own, never the host's", () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-host-secret-123456';
    try {
      const env = containerCreateOptions({ ...spec, env: { PYTHONDONTWRITEBYTECODE: '1' } }).Env ?? [];
      expect(env.map((e) => e.split('=')[0]).sort()).toEqual([
        'HOME',
        'MPLBACKEND',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONUNBUFFERED',
      ]);
      expect(env.join('\n')).not.toContain('sk-host-secret');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });

  it('a job folder with a colon or comma in its path cannot change what is mounted', () => {
    const odd = containerCreateOptions({
      ...spec,
      mounts: [{ host: '/jobs/a:/etc:rw,b', container: '/kaggle/input', readOnly: true }],
    });
    expect(odd.HostConfig?.Mounts).toEqual([bindMount('/jobs/a:/etc:rw,b', '/kaggle/input', true)]);
  });

  it('requests GPUs only when asked', () => {
    expect(containerCreateOptions(spec).HostConfig?.DeviceRequests).toBeUndefined();
    expect(containerCreateOptions({ ...spec, gpus: parseGpuOption('all') }).HostConfig?.DeviceRequests).toEqual([
      { Driver: 'nvidia', Count: -1, Capabilities: [['gpu']] },
    ]);
    expect(containerCreateOptions({ ...spec, gpus: parseGpuOption('device=1') }).HostConfig?.DeviceRequests).toEqual([
      { Driver: 'nvidia', DeviceIDs: ['1'], Capabilities: [['gpu']] },
    ]);
  });

  it('reads sizes the way the docker CLI writes them', () => {
    expect(parseByteSize('512m')).toBe(512 * 1024 ** 2);
    expect(parseByteSize('8g')).toBe(8 * GiB);
    expect(parseByteSize('2GiB')).toBe(2 * GiB);
    expect(parseByteSize('1024')).toBe(1024);
    expect(() => parseByteSize('lots')).toThrow('"lots" is not a size');
  });
});

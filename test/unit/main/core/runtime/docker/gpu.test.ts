import { describe, expect, it } from 'vitest';
import { parseEngineInfo } from '../../../../../../main/core/runtime/docker/engine';
import {
  GpuAllocator,
  deviceRequests,
  detectNvidia,
  formatGpuRequest,
  noNvidiaRuntimeError,
  parseGpuOption,
  parseNvidiaSmi,
} from '../../../../../../main/core/runtime/docker/gpu';

describe('--gpus', () => {
  it('reads all, none, a count and device ids as the docker CLI does', () => {
    expect(parseGpuOption('all')).toEqual({ kind: 'all' });
    expect(parseGpuOption(undefined)).toEqual({ kind: 'none' });
    expect(parseGpuOption('none')).toEqual({ kind: 'none' });
    expect(parseGpuOption('2')).toEqual({ kind: 'count', count: 2 });
    expect(parseGpuOption('0,1')).toEqual({ kind: 'devices', ids: ['0', '1'] });
    expect(parseGpuOption('"device=1,3"')).toEqual({ kind: 'devices', ids: ['1', '3'] });
    expect(parseGpuOption('GPU-3f2c8e1a-0b5d-4c1e-9f00-1234567890ab')).toEqual({
      kind: 'devices',
      ids: ['GPU-3f2c8e1a-0b5d-4c1e-9f00-1234567890ab'],
    });
  });

  it('refuses what it cannot read, saying what is accepted', () => {
    expect(() => parseGpuOption('lots')).toThrow(
      '--gpus "lots" is not understood: use all, none, a number of GPUs (e.g. 2) or device ids',
    );
  });

  it('round-trips through formatGpuRequest', () => {
    for (const v of ['all', 'none', '3', 'device=0,2']) expect(formatGpuRequest(parseGpuOption(v))).toBe(v);
  });
});

describe('device requests (HostConfig.DeviceRequests)', () => {
  it('asks the nvidia driver for every GPU, N GPUs, or named devices, with the gpu capability', () => {
    expect(deviceRequests(parseGpuOption('all'))).toEqual([{ Driver: 'nvidia', Count: -1, Capabilities: [['gpu']] }]);
    expect(deviceRequests(parseGpuOption('2'))).toEqual([{ Driver: 'nvidia', Count: 2, Capabilities: [['gpu']] }]);
    expect(deviceRequests(parseGpuOption('1,3'))).toEqual([
      { Driver: 'nvidia', DeviceIDs: ['1', '3'], Capabilities: [['gpu']] },
    ]);
    expect(deviceRequests(parseGpuOption('none'))).toEqual([]);
  });
});

describe('NVIDIA runtime detection from docker info', () => {
  it('finds the nvidia runtime or CDI specs, and nothing on a plain engine', () => {
    const plain = parseEngineInfo({
      ServerVersion: '20.10.24',
      Runtimes: { runc: {}, 'io.containerd.runc.v2': {} },
      DefaultRuntime: 'runc',
    });
    expect(detectNvidia(plain)).toEqual({ available: false, via: [] });
    const toolkit = parseEngineInfo({ Runtimes: { runc: {}, nvidia: { path: 'nvidia-container-runtime' } } });
    expect(detectNvidia(toolkit)).toEqual({ available: true, via: ['runtime'] });
    const cdi = parseEngineInfo({ Runtimes: { runc: {} }, CDISpecDirs: ['/etc/cdi', '/var/run/cdi'] });
    expect(detectNvidia(cdi)).toEqual({ available: true, via: ['cdi'] });
  });

  it('says how to install the toolkit when GPUs are asked for and the engine has none', () => {
    const e = noNvidiaRuntimeError(parseGpuOption('all'), 'unix:///var/run/docker.sock');
    expect(e.message).toMatch(
      /^GPUs were requested \(--gpus all\) but the Docker engine at unix:\/\/\/var\/run\/docker\.sock has no NVIDIA runtime: install the NVIDIA Container Toolkit/,
    );
    expect(e.message).toContain('or run with --gpus none');
  });
});

describe('nvidia-smi parsing', () => {
  it('reads index, uuid and name per line', () => {
    const csv = '0, GPU-aaaa-1111, NVIDIA H100 80GB HBM3\n1, GPU-bbbb-2222, NVIDIA H100 80GB HBM3\n';
    expect(parseNvidiaSmi(csv)).toEqual([
      { index: '0', uuid: 'GPU-aaaa-1111', name: 'NVIDIA H100 80GB HBM3' },
      { index: '1', uuid: 'GPU-bbbb-2222', name: 'NVIDIA H100 80GB HBM3' },
    ]);
    expect(parseNvidiaSmi('')).toEqual([]);
  });
});

describe('GPU allocator: one GPU per job slot', () => {
  it('gives concurrent jobs distinct GPUs while there are enough, then shares evenly', () => {
    const gpus = new GpuAllocator(['0', '1', '2', '3'], 4);
    const leases = [1, 2, 3, 4].map(() => gpus.acquire({ kind: 'all' }));
    expect(leases.map((l) => l.ids)).toEqual([['0'], ['1'], ['2'], ['3']]);
    const fifth = gpus.acquire({ kind: 'all' });
    expect(fifth.ids).toHaveLength(1);
    expect(gpus.usage()[fifth.ids[0]!]).toBe(2);
    leases[2]!.release();
    leases[2]!.release(); // releasing twice does not free someone else's share
    expect(gpus.acquire({ kind: 'count', count: 1 }).ids).toEqual(['2']);
  });

  it('splits all GPUs among the slots and honours counts and explicit devices', () => {
    const gpus = new GpuAllocator(['0', '1', '2', '3'], 2);
    const a = gpus.acquire({ kind: 'all' });
    const b = gpus.acquire({ kind: 'all' });
    expect(a.ids).toEqual(['0', '1']);
    expect(b.ids).toEqual(['2', '3']);
    a.release();
    expect(gpus.acquire({ kind: 'count', count: 2 }).ids).toEqual(['0', '1']);
    expect(gpus.acquire({ kind: 'devices', ids: ['3'] }).ids).toEqual(['3']);
    expect(gpus.acquire({ kind: 'none' }).ids).toEqual([]);
  });

  it('says so when GPUs are asked for on a machine without any', () => {
    expect(() => new GpuAllocator([]).acquire({ kind: 'all' })).toThrow('no NVIDIA GPU was found');
  });
});

// NVIDIA GPUs for containers: parse `--gpus` (all | N | none | device ids), detect the NVIDIA runtime (or CDI) from
// the engine's info, build the DeviceRequests of HostConfig, and share the GPUs among concurrent jobs so that each
// job slot gets its own device while there are enough.
import { execFile } from 'node:child_process';
import type Docker from 'dockerode';
import { NbreviveError } from '../../../../shared/lib/errors';
import type { EngineInfo } from './engine';

export type GpuRequest =
  { kind: 'none' } | { kind: 'all' } | { kind: 'count'; count: number } | { kind: 'devices'; ids: string[] };

export const NO_GPUS: GpuRequest = { kind: 'none' };

/**
 * Parses the `--gpus` value the way the docker CLI reads it: `all`, `none`, a count (`2`), or devices
 * (`0,1`, `device=0,1`, `GPU-3f2c…`, `"device=0,2"`).
 */
export function parseGpuOption(value: string | undefined): GpuRequest {
  const v = (value ?? 'none').trim().replace(/^"(.*)"$/, '$1');
  if (v === '' || v === 'none' || v === '0') return NO_GPUS;
  if (v === 'all' || v === '-1') return { kind: 'all' };
  if (/^[1-9]\d*$/.test(v)) return { kind: 'count', count: Number(v) };
  const list = v.startsWith('device=') ? v.slice('device='.length) : v;
  const ids = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length > 0 && ids.every((id) => /^(\d+|GPU-[0-9a-fA-F-]+|MIG-[0-9a-zA-Z/-]+)$/.test(id))) {
    return { kind: 'devices', ids };
  }
  throw new NbreviveError(
    'invalid-request',
    `--gpus "${value}" is not understood: use all, none, a number ` +
      `of GPUs (e.g. 2) or device ids (e.g. 0,1 or GPU-<uuid>)`,
  );
}

export function formatGpuRequest(request: GpuRequest): string {
  switch (request.kind) {
    case 'none':
      return 'none';
    case 'all':
      return 'all';
    case 'count':
      return String(request.count);
    case 'devices':
      return `device=${request.ids.join(',')}`;
  }
}

export interface NvidiaSupport {
  /** the engine can give containers NVIDIA GPUs */
  available: boolean;
  /** through the `nvidia` OCI runtime (NVIDIA Container Toolkit) and/or CDI */
  via: Array<'runtime' | 'cdi'>;
}

/** The engine supports NVIDIA GPUs when its runtimes include `nvidia` or it reads CDI specs (toolkit ≥ 1.14). */
export function detectNvidia(info: EngineInfo): NvidiaSupport {
  const via: NvidiaSupport['via'] = [];
  if (info.runtimes.some((r) => r === 'nvidia' || r.startsWith('nvidia-'))) via.push('runtime');
  if (info.cdiSpecDirs.length > 0) via.push('cdi');
  return { available: via.length > 0, via };
}

/** The HostConfig.DeviceRequests for a request (what `docker run --gpus …` sends). */
export function deviceRequests(request: GpuRequest): Docker.DeviceRequest[] {
  const base = { Driver: 'nvidia', Capabilities: [['gpu']] };
  switch (request.kind) {
    case 'none':
      return [];
    case 'all':
      return [{ ...base, Count: -1 }];
    case 'count':
      return [{ ...base, Count: request.count }];
    case 'devices':
      return [{ ...base, DeviceIDs: request.ids }];
  }
}

export interface GpuDevice {
  index: string;
  uuid: string;
  name: string;
}

/** The host's NVIDIA GPUs from `nvidia-smi`; empty when it is absent (no driver, or not an NVIDIA machine). */
export function listHostGpus(nvidiaSmi = 'nvidia-smi'): Promise<GpuDevice[]> {
  return new Promise((resolve) => {
    execFile(
      nvidiaSmi,
      ['--query-gpu=index,uuid,name', '--format=csv,noheader'],
      { timeout: 10_000 },
      (error, stdout) => {
        resolve(error ? [] : parseNvidiaSmi(stdout));
      },
    );
  });
}

export function parseNvidiaSmi(csv: string): GpuDevice[] {
  return csv
    .split('\n')
    .map((line) => line.split(',').map((s) => s.trim()))
    .filter((parts) => parts.length >= 3 && parts[0] !== '')
    .map(([index, uuid, ...name]) => ({ index: index ?? '', uuid: uuid ?? '', name: name.join(', ') }));
}

export interface GpuLease {
  /** the device ids this job may use */
  readonly ids: string[];
  release(): void;
}

/**
 * Hands GPUs to concurrent jobs: each acquire takes the least-used devices, so with as many GPUs as job slots
 * every job gets its own; with more jobs than GPUs they share evenly rather than queue.
 */
export class GpuAllocator {
  private readonly inUse = new Map<string, number>();

  /** `slots`: how many jobs run at once; `--gpus all` then means "my share": ⌊GPUs / slots⌋, at least one */
  constructor(
    readonly deviceIds: readonly string[],
    readonly slots = 1,
  ) {
    for (const id of deviceIds) this.inUse.set(id, 0);
  }

  /** The devices one job gets for a request; `none` when the request is none. Release the lease when the job ends. */
  acquire(request: GpuRequest): GpuLease {
    if (request.kind === 'none') return { ids: [], release: () => {} };
    if (request.kind === 'devices') return this.take(request.ids);
    if (this.deviceIds.length === 0) {
      throw new NbreviveError(
        'runtime-unavailable',
        'GPUs were requested but no NVIDIA GPU was found on this machine (nvidia-smi lists none)',
      );
    }
    const wanted =
      request.kind === 'all'
        ? Math.max(1, Math.floor(this.deviceIds.length / Math.max(1, this.slots)))
        : Math.min(request.count, this.deviceIds.length);
    const order = [...this.deviceIds].sort(
      (a, b) =>
        (this.inUse.get(a) ?? 0) - (this.inUse.get(b) ?? 0) || this.deviceIds.indexOf(a) - this.deviceIds.indexOf(b),
    );
    return this.take(order.slice(0, wanted));
  }

  /** how many running jobs hold each device */
  usage(): Record<string, number> {
    return Object.fromEntries(this.inUse);
  }

  private take(ids: string[]): GpuLease {
    for (const id of ids) this.inUse.set(id, (this.inUse.get(id) ?? 0) + 1);
    let released = false;
    return {
      ids,
      release: () => {
        if (released) return;
        released = true;
        for (const id of ids) this.inUse.set(id, Math.max(0, (this.inUse.get(id) ?? 1) - 1));
      },
    };
  }
}

/** The message check() gives when GPUs were asked for and the engine cannot provide them. */
export function noNvidiaRuntimeError(request: GpuRequest, address: string): NbreviveError {
  return new NbreviveError(
    'runtime-unavailable',
    `GPUs were requested (--gpus ${formatGpuRequest(request)}) but the Docker engine at ${address} has no ` +
      'NVIDIA runtime: install the NVIDIA Container Toolkit ' +
      '(https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html), ' +
      'run `sudo nvidia-ctk runtime configure --runtime=docker ' +
      '&& sudo systemctl restart docker`, or run with --gpus none',
  );
}

// The contract surface: every channel is well named and typed, and every invoke channel has a host handler and a
// binding in every client (the HTTP client and the Electron preload's window.nbrevive).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bareAppHandlers } from '../../../helpers/app-handlers';
import { registerHandlers } from '../../../../main/host/handlers';
import { openStore } from '../../../../main/core/store';
import { createHttpApi } from '../../../../renderer/src/lib/api-client';
import { createIpcApi } from '../../../../main/app/preload-api';
import { API, API_EVENT_CHANNELS, API_INVOKE_CHANNELS } from '../../../../shared/contracts/api';
import { formatZodError, listenerName, methodName } from '../../../../shared/contracts/channel';
import { HostToWorkerMessageSchema, WorkerToHostMessageSchema } from '../../../../shared/contracts/worker';

/** Every client implementation of NbreviveApi, built without a live host (construction makes no request). */
const CLIENTS: Record<string, () => object> = {
  http: () => createHttpApi('http://127.0.0.1:1', 'token'),
  // window.nbrevive as the preload builds it (construction sends nothing)
  'electron preload': () =>
    createIpcApi({ invoke: async () => ({ ok: true, value: null }), on() {}, removeListener() {} }),
};

describe('the app contract', () => {
  it('names every channel app:<area>.<verb> and covers every area of the API', () => {
    for (const name of Object.keys(API)) expect(name).toMatch(/^app:[a-z]+\.[a-z][a-zA-Z]*$/);
    const areas = new Set(Object.keys(API).map((k) => k.slice(4).split('.')[0]));
    expect([...areas].sort()).toEqual([
      'cases',
      'exports',
      'iterations',
      'jobs',
      'logs',
      'queue',
      'reviews',
      'runtimes',
      'settings',
      'stats',
      'workers',
    ]);
    expect(API_EVENT_CHANNELS.sort()).toEqual([
      'app:iterations.finished',
      'app:jobs.progress',
      'app:logs.line',
      'app:queue.changed',
    ]);
    expect(API_INVOKE_CHANNELS.length + API_EVENT_CHANNELS.length).toBe(Object.keys(API).length);
  });

  it('derives distinct client names from channel names', () => {
    expect(methodName('app:iterations.getVersion')).toBe('iterationsGetVersion');
    expect(listenerName('app:jobs.progress')).toBe('onJobsProgress');
    const names = [...API_INVOKE_CHANNELS.map(methodName), ...API_EVENT_CHANNELS.map(listenerName)];
    expect(new Set(names).size).toBe(names.length);
    expect(() => methodName('cases.list')).toThrow(/<prefix>:<area>.<verb>/);
  });

  it('takes exactly one object argument on every invoke channel', () => {
    for (const channel of API_INVOKE_CHANNELS) {
      const input = API[channel].input as z.ZodType;
      expect(input.safeParse('a string').success, channel).toBe(false);
      expect(input.safeParse([]).success, channel).toBe(false);
    }
  });

  it('gives readable validation messages', () => {
    const r = API['app:jobs.enqueue'].input.safeParse({ caseIds: [], priority: 1.5 });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(formatZodError(r.error)).toBe(
        'caseIds: caseIds must name at least one case; priority: Invalid input: expected int, received number',
      );
  });

  it('has a host handler for every invoke channel and nothing else', () => {
    const store = openStore(':memory:');
    try {
      const handlers = bareAppHandlers(store);
      expect(Object.keys(handlers).sort()).toEqual([...API_INVOKE_CHANNELS].sort());
      expect(registerHandlers(handlers).channels).toHaveLength(API_INVOKE_CHANNELS.length);
      // a handler table missing a channel is refused at run time too (the type refuses it at compile time)
      const { 'app:stats.corpus': _dropped, ...partial } = handlers;
      expect(() => registerHandlers(partial as typeof handlers)).toThrow(/no handler for app:stats.corpus/);
    } finally {
      store.close();
    }
  });

  for (const [name, create] of Object.entries(CLIENTS)) {
    it(`binds every channel in the ${name} client`, () => {
      const client = create() as Record<string, unknown>;
      const expected = [...API_INVOKE_CHANNELS.map(methodName), ...API_EVENT_CHANNELS.map(listenerName)].sort();
      expect(Object.keys(client).sort()).toEqual(expected);
      for (const key of expected) expect(typeof client[key], key).toBe('function');
    });
  }
});

describe('the worker contract', () => {
  it('accepts the messages host and worker exchange and refuses others', () => {
    expect(HostToWorkerMessageSchema.safeParse({ type: 'configure', concurrency: 2, paused: false }).success).toBe(
      true,
    );
    expect(HostToWorkerMessageSchema.safeParse({ type: 'configure', concurrency: 0, paused: false }).success).toBe(
      false,
    );
    expect(HostToWorkerMessageSchema.safeParse({ type: 'run-anything' }).success).toBe(false);
    const log = {
      channel: 'app:logs.line',
      payload: { jobId: 'j', seq: 1, iteration: 0, stream: 'stdout', text: 'hi', at: 'now' },
    };
    expect(WorkerToHostMessageSchema.safeParse({ type: 'event', event: log }).success).toBe(true);
    expect(
      WorkerToHostMessageSchema.safeParse({ type: 'event', event: { ...log, channel: 'app:queue.changed' } }).success,
    ).toBe(false);
  });
});

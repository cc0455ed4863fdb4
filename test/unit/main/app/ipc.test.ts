// The sender check and the IPC path end to end without Electron: the preload's clients talk through an in-process
// channel pair (structured clones, like Electron's IPC) to handlers registered with handleTrusted over the real host
// dispatcher and an in-memory store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FOREIGN_SENDER,
  handleTrusted,
  IpcMainLike,
  IpcResult,
  IpcSenderLike,
  isTrustedSender,
} from '../../../../main/app/ipc';
import { createIpcApi, IpcRendererLike } from '../../../../main/app/preload-api';
import { openStore, Store } from '../../../../main/core/store';
import { bareAppHandlers } from '../../../helpers/app-handlers';
import { registerHandlers } from '../../../../main/host/handlers';
import { API_INVOKE_CHANNELS, NbreviveApi } from '../../../../shared/contracts/api';

const OURS = new Set([7]);
const ourFrame: IpcSenderLike = {
  sender: { id: 7 },
  senderFrame: { url: 'app://nbrevive/index.html#/queue', parent: null },
};

describe('the IPC sender check', () => {
  it('accepts the top frame of our window on our origin', () => {
    expect(isTrustedSender(ourFrame, OURS)).toBe(true);
  });

  it('refuses foreign senders', () => {
    const foreign: [string, IpcSenderLike][] = [
      [
        'another origin in our window',
        { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/', parent: null } },
      ],
      [
        'a look-alike host',
        { sender: { id: 7 }, senderFrame: { url: 'app://nbrevive.evil/index.html', parent: null } },
      ],
      ['a file: page', { sender: { id: 7 }, senderFrame: { url: 'file:///tmp/x.html', parent: null } }],
      ['a sub-frame', { sender: { id: 7 }, senderFrame: { url: 'app://nbrevive/index.html', parent: {} } }],
      ['a destroyed frame', { sender: { id: 7 }, senderFrame: null }],
      [
        'a window we did not create',
        { sender: { id: 8 }, senderFrame: { url: 'app://nbrevive/index.html', parent: null } },
      ],
    ];
    for (const [what, event] of foreign) expect(isTrustedSender(event, OURS), what).toBe(false);
  });
});

/** ipcMain/ipcRenderer joined in process; `sender` is who the renderer side claims to be. */
function ipcPair(sender: () => IpcSenderLike) {
  const handlers = new Map<string, (event: IpcSenderLike, input: unknown) => Promise<IpcResult>>();
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, input) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler(sender(), structuredClone(input)));
    },
    on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
    removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
  };
  const send = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({}, structuredClone(payload));
  };
  return { ipcMain, ipcRenderer, send, handlers };
}

describe('window.nbrevive over IPC', () => {
  let store: Store;
  let api: NbreviveApi;
  let pair: ReturnType<typeof ipcPair>;
  let current: IpcSenderLike;
  const refused: string[] = [];

  beforeEach(() => {
    store = openStore(':memory:');
    const dispatcher = registerHandlers(bareAppHandlers(store, 2));
    current = ourFrame;
    pair = ipcPair(() => current);
    for (const channel of API_INVOKE_CHANNELS) {
      handleTrusted(
        pair.ipcMain,
        channel,
        OURS,
        async (input) => {
          const r = await dispatcher.dispatch(channel, input);
          return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
        },
        (c, url) => refused.push(`${c} ${url}`),
      );
    }
    api = createIpcApi(pair.ipcRenderer);
  });

  afterEach(() => store.close());

  it('answers our window through the host handlers', async () => {
    expect(await api.casesList({})).toEqual({ items: [], total: 0 });
    const status = await api.queueStatus({});
    expect(status).toMatchObject({ paused: false, concurrency: 2, queued: 0, running: 0 });
    expect((await api.queuePause({})).paused).toBe(true);
    expect((await api.settingsGet({})).llm.hasKey).toBe(false);
  });

  it('turns handler errors into rejections carrying {code, message}', async () => {
    await expect(api.jobsGet({ jobId: 'nope' })).rejects.toMatchObject({ code: 'not-found' });
    const e = await api.queueSetConcurrency({ concurrency: 0 }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ code: 'invalid-request', message: 'concurrency: concurrency must be at least 1' });
  });

  it('refuses a foreign sender without running the handler', async () => {
    current = { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/', parent: null } };
    await expect(api.queuePause({})).rejects.toMatchObject(FOREIGN_SENDER);
    expect(refused).toContain('app:queue.pause https://evil.example/');
    current = ourFrame;
    expect((await api.queueStatus({})).paused).toBe(false);
  });

  it('delivers events to subscribers until they unsubscribe', () => {
    const seen: unknown[] = [];
    const off = api.onQueueChanged((e) => seen.push(e));
    const event = { paused: false, concurrency: 1, queued: 2, running: 0, workers: 1, reason: 'enqueued' };
    pair.send('app:queue.changed', event);
    off();
    off();
    pair.send('app:queue.changed', { ...event, reason: 'again' });
    expect(seen).toEqual([event]);
  });

  it('answers outside the envelope as an internal error', async () => {
    pair.ipcMain.handle('app:stats.corpus', async () => 'raw' as unknown as IpcResult);
    await expect(api.statsCorpus({})).rejects.toMatchObject({ code: 'internal' });
  });
});

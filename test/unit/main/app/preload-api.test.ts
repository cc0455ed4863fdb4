import { describe, expect, it } from 'vitest';
import {
  buildIpcClient,
  createDesktopApi,
  createIpcApi,
  dropImportPaths,
  IpcRendererLike,
} from '../../../../main/app/preload-api';
import { API } from '../../../../shared/contracts/api';
import { listenerName, methodName } from '../../../../shared/contracts/channel';
import { DESKTOP, DESKTOP_EVENT_CHANNELS, DESKTOP_INVOKE_CHANNELS } from '../../../../shared/contracts/desktop';

function recordingIpc() {
  const invoked: [string, unknown][] = [];
  const ipc: IpcRendererLike = {
    invoke: async (channel, input) => (invoked.push([channel, input]), { ok: true, value: { echoed: channel } }),
    on() {},
    removeListener() {},
  };
  return { ipc, invoked };
}

describe('the preload clients', () => {
  it('name one function per channel of each contract, and nothing generic', () => {
    const { ipc } = recordingIpc();
    expect(Object.keys(createIpcApi(ipc)).sort()).toEqual(
      Object.keys(API)
        .map((k) => (API[k as keyof typeof API].kind === 'invoke' ? methodName(k) : listenerName(k)))
        .sort(),
    );
    const desktop = createDesktopApi(ipc, () => '');
    expect(Object.keys(desktop).sort()).toEqual(
      [...DESKTOP_INVOKE_CHANNELS.map(methodName), ...DESKTOP_EVENT_CHANNELS.map(listenerName), 'pathForFile'].sort(),
    );
    for (const client of [createIpcApi(ipc), desktop] as Record<string, unknown>[]) {
      expect(client).not.toHaveProperty('invoke');
      expect(client).not.toHaveProperty('send');
    }
  });

  it('sends each call on its own channel with an object argument', async () => {
    const { ipc, invoked } = recordingIpc();
    const client = buildIpcClient(DESKTOP, ipc) as {
      dialogsOpenImport(i?: object): Promise<unknown>;
      secretsStatus(i: object): Promise<unknown>;
    };
    expect(await client.dialogsOpenImport()).toEqual({ echoed: 'desktop:dialogs.openImport' });
    await client.secretsStatus({});
    expect(invoked).toEqual([
      ['desktop:dialogs.openImport', {}],
      ['desktop:secrets.status', {}],
    ]);
  });

  it('refuses a listener that is not a function', () => {
    const api = createIpcApi(recordingIpc().ipc) as unknown as { onLogsLine(l: unknown): unknown };
    expect(() => api.onLogsLine('nope')).toThrow(/onLogsLine needs a listener function/);
  });

  it('gives the paths of dropped files, without duplicates or path-less entries', () => {
    const files = [{ p: '/a/x.ipynb' }, { p: '' }, { p: '/a/corpus' }, { p: '/a/x.ipynb' }];
    expect(dropImportPaths(files, (f) => (f as { p: string }).p)).toEqual(['/a/x.ipynb', '/a/corpus']);
    const desktop = createDesktopApi(recordingIpc().ipc, () => {
      throw new TypeError('not a File');
    });
    expect(desktop.pathForFile({})).toBe('');
  });
});

// Builds the renderer's clients from a channel map over ipcRenderer: one named function per invoke channel (no
// generic `invoke` reaches the page) and one `onX(listener) → unsubscribe` per event. preload.ts exposes the results
// as `window.nbrevive` (the app API, same interface as the HTTP client) and `window.nbreviveDesktop`.
import { API, NbreviveApi } from '../../shared/contracts/api';
import { Channel, ErrorInfo, listenerName, methodName } from '../../shared/contracts/channel';
import { DESKTOP, NbreviveDesktopApi } from '../../shared/contracts/desktop';
import type { IpcResult } from './ipc';

/** The part of Electron's ipcRenderer the clients use. */
export interface IpcRendererLike {
  invoke(channel: string, input: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/** A failed call as the renderer sees it: an Error with the message (and `code`, where the bridge keeps it). */
export function ipcError(error: ErrorInfo): Error & ErrorInfo {
  return Object.assign(new Error(error.message), { code: error.code, name: 'ApiError' });
}

function unwrap(channel: string, result: unknown): unknown {
  const r = result as IpcResult | undefined;
  if (r && typeof r === 'object' && r.ok === true) return r.value;
  if (r && typeof r === 'object' && r.ok === false) throw ipcError(r.error);
  throw ipcError({ code: 'internal', message: `${channel}: the main process answered outside the IPC envelope` });
}

/** One function per channel of `map`, named from the channel (`app:cases.list` → `casesList`, events → `onX`). */
export function buildIpcClient(map: Record<string, Channel>, ipc: IpcRendererLike): Record<string, unknown> {
  const client: Record<string, unknown> = {};
  for (const [channel, spec] of Object.entries(map)) {
    if (spec.kind === 'invoke') {
      client[methodName(channel)] = async (input: unknown) => unwrap(channel, await ipc.invoke(channel, input ?? {}));
    } else {
      client[listenerName(channel)] = (listener: (payload: unknown) => void) => {
        if (typeof listener !== 'function') throw new TypeError(`${listenerName(channel)} needs a listener function`);
        const wrapped = (_event: unknown, payload: unknown) => listener(payload);
        ipc.on(channel, wrapped);
        return () => void ipc.removeListener(channel, wrapped);
      };
    }
  }
  return client;
}

/** `window.nbrevive`: the app API over IPC. */
export function createIpcApi(ipc: IpcRendererLike): NbreviveApi {
  return buildIpcClient(API, ipc) as NbreviveApi;
}

/** `window.nbreviveDesktop`: the desktop contract plus `pathForFile` (Electron's webUtils, given by the preload). */
export function createDesktopApi(ipc: IpcRendererLike, pathForFile: (file: unknown) => string): NbreviveDesktopApi {
  return {
    ...(buildIpcClient(DESKTOP, ipc) as Omit<NbreviveDesktopApi, 'pathForFile'>),
    pathForFile: (file) => {
      try {
        return pathForFile(file);
      } catch {
        // not a File from a drop or an <input type=file>: it has no path
        return '';
      }
    },
  } as NbreviveDesktopApi;
}

/** The file-system paths of dropped files (notebooks or folders), without duplicates or path-less entries. */
export function dropImportPaths(files: ArrayLike<unknown>, pathForFile: (file: unknown) => string): string[] {
  const paths = Array.from(files, (f) => pathForFile(f)).filter((p) => p !== '');
  return [...new Set(paths)];
}

// Electron IPC for the contracts, with the sender of every message checked in ONE wrapper (`handleTrusted`): only
// the top frame of one of our windows, showing our app:// origin, may call main. Answers cross as an envelope
// `{ok, value} | {ok: false, error: {code, message}}` because Electron keeps only an Error's message.
import type { ErrorInfo } from '../../shared/contracts/channel';
import { toErrorInfo } from '../../shared/lib/errors';
import { isAppUrl } from './protocol';

export type IpcResult = { ok: true; value: unknown } | { ok: false; error: ErrorInfo };

/** The parts of an IpcMainInvokeEvent the sender check reads. */
export interface IpcSenderLike {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

/** The part of ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderLike, input: unknown) => Promise<IpcResult>): void;
  removeHandler(channel: string): void;
}

/**
 * True when the message comes from the top frame of a window we created (its webContents id is in `ownWebContents`)
 * and that frame shows our origin. A destroyed frame (null), a sub-frame, another window or any other URL is foreign.
 */
export function isTrustedSender(event: IpcSenderLike, ownWebContents: ReadonlySet<number>): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return ownWebContents.has(event.sender.id) && isAppUrl(frame.url);
}

export const FOREIGN_SENDER: ErrorInfo = {
  code: 'invalid-request',
  message: 'refused: this IPC message did not come from the nbrevive window',
};

/**
 * Registers `handler` for `channel` behind the sender check; the handler's result or error becomes an IpcResult.
 * Every ipcMain handler of the app goes through here.
 */
export function handleTrusted(
  ipcMain: IpcMainLike,
  channel: string,
  ownWebContents: ReadonlySet<number>,
  handler: (input: unknown) => Promise<IpcResult> | IpcResult,
  onRefused: (channel: string, url: string | null) => void = () => {},
): () => void {
  ipcMain.handle(channel, async (event, input): Promise<IpcResult> => {
    if (!isTrustedSender(event, ownWebContents)) {
      onRefused(channel, event.senderFrame?.url ?? null);
      return { ok: false, error: FOREIGN_SENDER };
    }
    try {
      return await handler(input);
    } catch (e) {
      return { ok: false, error: toErrorInfo(e) };
    }
  });
  return () => ipcMain.removeHandler(channel);
}

// The one place nbrevive creates windows and hardens web contents: options from window-policy.ts, navigation and
// new windows blocked (http(s) links go to the system browser), permissions denied, and the window's bounds and
// maximized state remembered in userData.
import fs from 'node:fs';
import path from 'node:path';
import { BrowserWindow, screen, Session, shell, WebContents } from 'electron';
import { APP_ENTRY_URL } from './protocol';
import {
  isPermissionAllowed,
  mainWindowOptions,
  navigationDecision,
  restoreWindowState,
  WindowState,
} from './window-policy';

/** webContents ids of our windows: the IPC sender check accepts only these. */
export const ownWebContents = new Set<number>();

function openExternally(url: string): void {
  if (navigationDecision(url) === 'open-external') void shell.openExternal(url);
}

/** Applied to every webContents the app ever creates (app 'web-contents-created'), ours or not. */
export function guardWebContents(contents: WebContents): void {
  const refuseNavigation = (event: { preventDefault(): void }, url: string) => {
    if (navigationDecision(url) === 'allow') return;
    event.preventDefault();
    openExternally(url);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request and check except clipboard writes from our origin. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((contents, permission, callback) =>
    callback(isPermissionAllowed(permission, contents.getURL())),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin),
  );
}

function readState(file: string): WindowState {
  let saved: unknown = null;
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // first start, or a damaged file: the default size
  }
  return restoreWindowState(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
}

function writeState(file: string, window: BrowserWindow): void {
  const bounds = window.getNormalBounds();
  const state: WindowState = { ...bounds, maximized: window.isMaximized() };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(state));
    fs.renameSync(`${file}.tmp`, file);
  } catch (e) {
    console.error(`[nbrevive] could not remember the window size in ${file}: ${(e as Error).message}`);
  }
}

export interface MainWindowOptions {
  preloadPath: string;
  /** JSON file of the remembered bounds (userData/window-state.json) */
  stateFile: string;
  icon?: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const state = readState(options.stateFile);
  const window = new BrowserWindow(
    mainWindowOptions({ preloadPath: options.preloadPath, state, ...(options.icon ? { icon: options.icon } : {}) }),
  );
  const id = window.webContents.id;
  ownWebContents.add(id);
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => writeState(options.stateFile, window));
  window.on('closed', () => ownWebContents.delete(id));
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

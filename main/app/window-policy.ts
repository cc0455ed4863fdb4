// The security rules of every nbrevive window as pure functions (Electron's security checklist): the options a
// window is created with, where it may navigate, which links go to the system browser, which permissions it gets
// and where a remembered window may reappear. window.ts applies them; tests check them without Electron.
import type { BrowserWindowConstructorOptions, Rectangle, WebPreferences } from 'electron';
import { z } from 'zod';
import { isAppUrl } from './protocol';

/** The web preferences of every window: isolated, sandboxed, no Node, web security on. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1400, height: 900, maximized: false };

export interface MainWindowOptionsInput {
  preloadPath: string;
  state: WindowState;
  /** window icon (Linux, Windows); macOS takes it from the bundle */
  icon?: string;
  backgroundColor?: string;
}

/** The options of the main window; the only BrowserWindow options nbrevive ever uses. */
export function mainWindowOptions(input: MainWindowOptionsInput): BrowserWindowConstructorOptions {
  const { state } = input;
  return {
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 800,
    minHeight: 500,
    title: 'nbrevive',
    // shown on ready-to-show so the user never sees an empty white frame
    show: false,
    backgroundColor: input.backgroundColor ?? '#1e1e1e',
    ...(input.icon ? { icon: input.icon } : {}),
    webPreferences: secureWebPreferences(input.preloadPath),
  };
}

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

/** In-window navigation stays on our origin; http(s) goes to the system browser; everything else is refused. */
export function navigationDecision(url: string): NavigationDecision {
  if (isAppUrl(url)) return 'allow';
  return isExternalLink(url) ? 'open-external' : 'deny';
}

/** Only http(s) links are ever handed to the OS (never file:, javascript:, custom protocol handlers …). */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Permission requests and checks: everything is denied except writing to the clipboard from our own origin
 * (copying a cell or a diff).
 */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

/**
 * Where a remembered window reappears: its saved bounds if at least a 100×50 corner of it lies on a display's work
 * area now (a monitor may have gone), else the saved size centred by the OS; garbage in the file gives the default.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rectangle[]): WindowState {
  const parsed = WindowStateSchema.safeParse(saved);
  if (!parsed.success) return { ...DEFAULT_WINDOW_STATE };
  const state = parsed.data;
  if (state.x === undefined || state.y === undefined)
    return { width: state.width, height: state.height, maximized: state.maximized };
  const { x, y, width, height } = state as Required<WindowState>;
  const visible = workAreas.some((a) => {
    const w = Math.min(x + width, a.x + a.width) - Math.max(x, a.x);
    const h = Math.min(y + height, a.y + a.height) - Math.max(y, a.y);
    return w >= 100 && h >= 50;
  });
  if (!visible) return { width: state.width, height: state.height, maximized: state.maximized };
  return state;
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  isExternalLink,
  isPermissionAllowed,
  mainWindowOptions,
  navigationDecision,
  restoreWindowState,
  secureWebPreferences,
} from '../../../../main/app/window-policy';

describe('window security options', () => {
  it('isolates, sandboxes and keeps Node out of every window', () => {
    const prefs = secureWebPreferences('/app/out/preload/preload.cjs');
    expect(prefs.preload).toBe('/app/out/preload/preload.cjs');
    for (const on of ['contextIsolation', 'sandbox', 'webSecurity'] as const) expect(prefs[on], on).toBe(true);
    const nodeOff = ['nodeIntegration', 'nodeIntegrationInWorker', 'nodeIntegrationInSubFrames'] as const;
    const webOff = ['allowRunningInsecureContent', 'webviewTag', 'navigateOnDragDrop'] as const;
    for (const off of [...nodeOff, ...webOff]) expect(prefs[off], off).toBe(false);
  });

  it('creates the main window hidden, with those preferences and the remembered bounds', () => {
    const options = mainWindowOptions({
      preloadPath: '/p.cjs',
      state: { x: 10, y: 20, width: 1000, height: 700, maximized: false },
    });
    expect(options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false });
    expect(options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
    const centred = mainWindowOptions({ preloadPath: '/p.cjs', state: DEFAULT_WINDOW_STATE });
    expect(centred.x).toBeUndefined();
    expect(centred.width).toBe(DEFAULT_WINDOW_STATE.width);
  });
});

describe('navigation and links', () => {
  it('stays on app://nbrevive, sends http(s) to the system browser and refuses the rest', () => {
    expect(navigationDecision('app://nbrevive/index.html#/jobs/1')).toBe('allow');
    expect(navigationDecision('https://example.org/docs')).toBe('open-external');
    expect(navigationDecision('http://localhost:7878/')).toBe('open-external');
    for (const url of [
      'app://evil/index.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'smb://host/share',
      'not a url',
    ]) {
      expect(navigationDecision(url), url).toBe('deny');
    }
    expect(isExternalLink('mailto:someone@example.org')).toBe(false);
    expect(isExternalLink('https://example.org/a?b#c')).toBe(true);
  });

  it('denies every permission except clipboard writes from our own origin', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://nbrevive/index.html')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://example.org/')).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined)).toBe(false);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fullscreen']) {
      expect(isPermissionAllowed(p, 'app://nbrevive/'), p).toBe(false);
    }
  });
});

describe('remembered window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];

  it('restores bounds that are still on a display', () => {
    expect(restoreWindowState({ x: 100, y: 50, width: 1200, height: 800, maximized: true }, screen)).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('keeps the size but lets the OS place a window whose display is gone', () => {
    const state = restoreWindowState({ x: 2500, y: 100, width: 1200, height: 800, maximized: false }, screen);
    expect(state).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('falls back to the default for a missing or damaged file', () => {
    expect(restoreWindowState(null, screen)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState({ width: 'wide' }, screen)).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState({ width: 50, height: 50 }, screen)).toEqual(DEFAULT_WINDOW_STATE);
  });
});

import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate, MenuActions } from '../../../../main/app/menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

function recordingActions() {
  const called: string[] = [];
  const actions = new Proxy({} as MenuActions, { get: (_t, name: string) => () => called.push(name) });
  return { actions, called };
}

describe('the application menu', () => {
  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    it(`has import, export, theme and reload with distinct shortcuts (${platform})`, () => {
      const { actions, called } = recordingActions();
      const items = flatten(applicationMenuTemplate(actions, { platform, devTools: false }));
      const byLabel = (label: string) => items.find((i) => i.label === label);
      for (const [label, accelerator, action] of [
        ['Import Notebook…', 'CmdOrCtrl+O', 'importNotebooks'],
        ['Import Folder…', 'CmdOrCtrl+Shift+O', 'importFolder'],
        ['Export…', 'CmdOrCtrl+E', 'exportSelection'],
        ['Toggle Theme', 'CmdOrCtrl+Shift+L', 'toggleTheme'],
        ['Settings…', 'CmdOrCtrl+,', 'openSettings'],
      ] as const) {
        const item = byLabel(label);
        expect(item?.accelerator, label).toBe(accelerator);
        (item?.click as () => void)();
        expect(called.at(-1)).toBe(action);
      }
      expect(items.some((i) => i.role === 'reload')).toBe(true);
      expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false);
      expect(items.some((i) => i.role === 'help')).toBe(true);
      const accelerators = items.map((i) => i.accelerator).filter(Boolean);
      expect(new Set(accelerators).size).toBe(accelerators.length);
      expect(items.some((i) => i.role === 'quit')).toBe(true);
    });
  }

  it('offers the developer tools only in development', () => {
    const items = flatten(applicationMenuTemplate(recordingActions().actions, { platform: 'linux', devTools: true }));
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });
});

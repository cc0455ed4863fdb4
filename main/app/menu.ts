// The application menu as a template (pure: the actions come in, so tests read the structure and shortcuts).
// Import runs in main (native dialog, then the app API); export and theme are the renderer's, sent as commands.
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  importNotebooks(): void;
  importFolder(): void;
  exportSelection(): void;
  toggleTheme(): void;
  openSettings(): void;
  openDataFolder(): void;
  about(): void;
}

export function applicationMenuTemplate(
  actions: MenuActions,
  options: { platform: NodeJS.Platform; devTools: boolean },
): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.openSettings(),
  };
  return [
    ...(mac ? [macAppMenu(actions, settings)] : []),
    fileMenu(actions, mac, settings),
    editMenu(),
    viewMenu(actions, options.devTools),
    ...(mac ? [{ role: 'windowMenu' } as const] : []),
    helpMenu(actions, mac),
  ];
}

/** macOS's application menu: About, Settings and the system's items */
function macAppMenu(actions: MenuActions, settings: MenuItemConstructorOptions): MenuItemConstructorOptions {
  return {
    label: 'nbrevive',
    submenu: [
      { label: 'About nbrevive', click: () => actions.about() },
      { type: 'separator' },
      settings,
      ...roles('-', 'services', '-', 'hide', 'hideOthers', 'unhide', '-', 'quit'),
    ],
  };
}

function fileMenu(
  actions: MenuActions,
  mac: boolean,
  settings: MenuItemConstructorOptions,
): MenuItemConstructorOptions {
  return {
    label: '&File',
    submenu: [
      { label: 'Import Notebook…', accelerator: 'CmdOrCtrl+O', click: () => actions.importNotebooks() },
      { label: 'Import Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.importFolder() },
      { type: 'separator' },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportSelection() },
      ...(mac ? [] : [{ type: 'separator' } as const, settings]),
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
}

function editMenu(): MenuItemConstructorOptions {
  return {
    label: '&Edit',
    // Monaco and text fields need the roles for copy/paste shortcuts on macOS
    submenu: roles('undo', 'redo', '-', 'cut', 'copy', 'paste', 'selectAll'),
  };
}

function viewMenu(actions: MenuActions, devTools: boolean): MenuItemConstructorOptions {
  return {
    label: '&View',
    submenu: [
      { label: 'Toggle Theme', accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.toggleTheme() },
      ...roles('-', 'reload', ...(devTools ? (['toggleDevTools'] as const) : [])),
      ...roles('-', 'resetZoom', 'zoomIn', 'zoomOut', '-', 'togglefullscreen'),
    ],
  };
}

function helpMenu(actions: MenuActions, mac: boolean): MenuItemConstructorOptions {
  return {
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Open Data Folder', click: () => actions.openDataFolder() },
      ...(mac ? [] : [{ type: 'separator' } as const, { label: 'About nbrevive', click: () => actions.about() }]),
    ],
  };
}

type Role = NonNullable<MenuItemConstructorOptions['role']>;

/** Items of Electron's roles, in order; '-' is a separator. */
function roles(...names: (Role | '-')[]): MenuItemConstructorOptions[] {
  return names.map((name) => (name === '-' ? { type: 'separator' } : { role: name }));
}

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
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
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
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };
}

function viewMenu(actions: MenuActions, devTools: boolean): MenuItemConstructorOptions {
  return {
    label: '&View',
    submenu: [
      { label: 'Toggle Theme', accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.toggleTheme() },
      { type: 'separator' },
      { role: 'reload' },
      ...(devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
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

// Electron main process of the nbrevive desktop app: one instance, the renderer on app://nbrevive/, the host (database,
// API handlers, events) with its worker as a utilityProcess, IPC for both contracts behind the sender check, the
// menu, progress in the dock/taskbar and a notification when a corpus run ends. Quitting stops the worker: its
// running jobs go back to the queue and resume at the next start.
import fs from 'node:fs';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
  utilityProcess,
} from 'electron';
import { Api, API_INVOKE_CHANNELS } from '../../shared/contracts/api';
import { DESKTOP, Desktop, DesktopEventChannel, MenuCommand } from '../../shared/contracts/desktop';
import type { PayloadOf } from '../../shared/contracts/channel';
import { toErrorInfo } from '../../shared/lib/errors';
import { resolveDbPath } from '../core/store';
import { ChannelDispatcher, createDispatcher } from '../host/handlers';
import { NbreviveHost } from '../host/host';
import { corpusFinishedMessage, CorpusProgress } from './corpus-progress';
import { chooseImportPaths, createDesktopHandlers } from './desktop-handlers';
import { handleTrusted, IpcResult } from './ipc';
import { applicationMenuTemplate } from './menu';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, serveAppRequest } from './protocol';
import { openSafeSecretStore, type SafeSecretStore } from './secrets';
import { utilityWorkerProcess } from './utility-worker';
import { createMainWindow, guardWebContents, hardenSession, ownWebContents } from './window';

// The bundle keeps each module's own folder as import.meta.dirname (see tools/build-app.ts): this is <app>/main/app.
const APP_ROOT = path.resolve(import.meta.dirname, '../..');
const RENDERER_DIR = path.join(APP_ROOT, 'out', 'renderer');
const PRELOAD = path.join(APP_ROOT, 'out', 'preload', 'preload.cjs');
const WORKER = path.join(APP_ROOT, 'out', 'main', 'app', 'worker.js');
const ICON = path.join(APP_ROOT, 'resources', 'icons', 'icon.png');

function log(line: string): void {
  console.error(`[nbrevive app] ${line}`);
}

/** What to tell the user when the host cannot start. */
export function startupErrorMessage(e: unknown): string {
  const { message } = toErrorInfo(e);
  if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version/.test(message)) {
    return (
      `better-sqlite3 is built for Node.js, not for Electron. Run \`npm run rebuild:electron\` ` +
      `and start again (and \`npm run rebuild:node\` before running the tests).\n\n${message}`
    );
  }
  return message;
}

/** The host, its worker a utilityProcess that finds nbrevive's resources in the package (or the checkout). */
function startHost(dbPath: string, secrets: SafeSecretStore): Promise<NbreviveHost> {
  const resources = app.isPackaged ? process.resourcesPath : path.join(APP_ROOT, 'resources');
  return NbreviveHost.start({
    dbPath,
    secrets,
    log,
    spawnWorker: (args, env) =>
      utilityWorkerProcess(
        utilityProcess.fork(WORKER, args, {
          env: { ...env, NBREVIVE_RESOURCES: resources },
          serviceName: 'nbrevive worker',
          stdio: 'inherit',
        }),
      ),
  });
}

/** Each channel of a dispatcher on ipcMain, answered only to this app's own windows. */
function serveChannels(dispatcher: ChannelDispatcher<string>, channels: readonly string[]): void {
  const refused = (channel: string, url: string | null) =>
    log(`refused ${channel} from a foreign sender (${url ?? 'no frame'})`);
  for (const channel of channels) {
    handleTrusted(
      ipcMain,
      channel,
      ownWebContents,
      async (input): Promise<IpcResult> => {
        const r = await dispatcher.dispatch(channel, input);
        return r.ok ? { ok: true, value: r.value } : { ok: false, error: r.error };
      },
      refused,
    );
  }
}

// Tests and portable setups point the app at their own profile; it must be set before the instance lock.
if (process.env.NBREVIVE_USER_DATA) app.setPath('userData', path.resolve(process.env.NBREVIVE_USER_DATA));
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let host: NbreviveHost | null = null;
  let window: BrowserWindow | null = null;
  let closed = false;
  let quitting: Promise<void> | null = null;

  const ourWindows = () =>
    BrowserWindow.getAllWindows().filter((w) => !w.isDestroyed() && ownWebContents.has(w.webContents.id));
  const send = (channel: string, payload: unknown) => {
    for (const w of ourWindows()) w.webContents.send(channel, payload);
  };
  const sendDesktop = <C extends DesktopEventChannel>(channel: C, payload: PayloadOf<Desktop[C]>) =>
    send(channel, payload);
  const command = (c: MenuCommand) => sendDesktop('desktop:menu.command', { command: c });
  const notify = (title: string, body: string) => {
    if (Notification.isSupported()) new Notification({ title, body }).show();
  };

  const parentDialog = {
    showOpenDialog: (o: Electron.OpenDialogOptions) =>
      window ? dialog.showOpenDialog(window, o) : dialog.showOpenDialog(o),
    showSaveDialog: (o: Electron.SaveDialogOptions) =>
      window ? dialog.showSaveDialog(window, o) : dialog.showSaveDialog(o),
  };

  const openWindow = () => {
    window = createMainWindow({
      preloadPath: PRELOAD,
      stateFile: path.join(app.getPath('userData'), 'window-state.json'),
      ...(fs.existsSync(ICON) ? { icon: ICON } : {}),
    });
    window.on('closed', () => (window = null));
  };

  app.on('second-instance', () => {
    if (!window) return openWindow();
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));

  // the events of the host go to our windows; a corpus run shows its progress in the dock/taskbar, and its end
  const relayEvents = (running: NbreviveHost) => {
    const progress = new CorpusProgress();
    running.events.onDidEmit((event) => {
      send(event.channel, event.payload);
      if (event.channel !== 'app:queue.changed') return;
      const update = progress.update(event.payload as PayloadOf<Api['app:queue.changed']>);
      for (const w of ourWindows()) w.setProgressBar(update.progress);
      if (update.finished) {
        const m = corpusFinishedMessage(update.finished);
        notify(m.title, m.body);
      }
    });
  };

  const installMenu = (desktop: ChannelDispatcher<string>, dbPath: string) => {
    const importFromMenu = async (folder: boolean) => {
      const paths = await chooseImportPaths(parentDialog, folder);
      if (!paths.length) return;
      const r = await desktop.dispatch('desktop:cases.importPaths', { paths });
      if (!r.ok) return void dialog.showErrorBox('Import failed', r.error.message);
      const out = r.value as PayloadOf<Desktop['desktop:cases.imported']>;
      notify(
        `Imported ${out.cases.length} case(s)`,
        out.errors.length
          ? `${out.errors.length} could not be imported: ${out.errors[0]?.message ?? ''}`
          : paths.join(', '),
      );
    };
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        applicationMenuTemplate(
          {
            importNotebooks: () => void importFromMenu(false),
            importFolder: () => void importFromMenu(true),
            exportSelection: () => command('export'),
            toggleTheme: () => command('toggle-theme'),
            openSettings: () => command('open-settings'),
            openDataFolder: () => void shell.openPath(path.dirname(dbPath)),
            about: () =>
              void dialog.showMessageBox({
                type: 'info',
                title: 'About nbrevive',
                message: `nbrevive ${app.getVersion()}`,
                detail: `Electron ${process.versions.electron} · Node.js ${process.versions.node}\nData: ${dbPath}`,
              }),
          },
          { platform: process.platform, devTools: !app.isPackaged },
        ),
      ),
    );
  };

  const start = async () => {
    hardenSession(session.defaultSession);
    protocol.handle(APP_SCHEME, (request) => serveAppRequest(RENDERER_DIR, request));
    if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) {
      dialog.showErrorBox(
        'nbrevive',
        `The user interface is not built (${RENDERER_DIR} is missing): ` +
          `run \`npm run build:app\`, or start with \`npm start\`.`,
      );
    }

    const dbPath = resolveDbPath(null);
    const secrets = await openSafeSecretStore({
      file: path.join(app.getPath('userData'), 'llm-api-key.enc'),
      safeStorage,
      log,
    });
    host = await startHost(dbPath, secrets);
    const api = host.dispatcher;
    const desktop: ChannelDispatcher<string> = createDispatcher(
      DESKTOP,
      createDesktopHandlers({
        dialog: parentDialog,
        shell,
        api,
        secretsStatus: () => secrets.status(),
        emitImported: (payload) => sendDesktop('desktop:cases.imported', payload),
      }),
      'app',
    );

    serveChannels(api, API_INVOKE_CHANNELS);
    serveChannels(desktop, desktop.channels);

    relayEvents(host);
    installMenu(desktop, dbPath);
    openWindow();
  };

  app
    .whenReady()
    .then(start)
    .catch((e: unknown) => {
      log(`could not start: ${toErrorInfo(e).message}`);
      dialog.showErrorBox('nbrevive could not start', startupErrorMessage(e));
      closed = true;
      void (host?.close() ?? Promise.resolve()).finally(() => app.exit(1));
    });

  app.on('activate', () => {
    if (host && !window) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The worker gets 'shutdown': running jobs are aborted and requeued (they resume from their last iteration at the
  // next start), then the database closes. Quit waits for that.
  app.on('before-quit', (event) => {
    if (closed || !host) return;
    event.preventDefault();
    quitting ??= host
      .close()
      .catch((e: unknown) => log(`stopping the worker failed: ${toErrorInfo(e).message}`))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

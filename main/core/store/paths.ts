// Where the database lives: the folder Electron's app.getPath('userData') uses for the app "nbrevive", so the CLI,
// `nbrevive serve` and the desktop app share one database; NBREVIVE_DB or `--db` point elsewhere.
import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'nbrevive';
export const DB_FILE_NAME = 'nbrevive.db';

export interface PlatformEnv {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

/** Electron's `appData` (Chromium's DIR_APP_DATA / XDG config dir) for the platform. */
function appDataDir({ env = process.env, platform = process.platform, home = os.homedir() }: PlatformEnv): string {
  if (platform === 'win32') return env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support');
  // Chromium takes XDG_CONFIG_HOME as is when it is set and non-empty, else ~/.config.
  return env.XDG_CONFIG_HOME || path.posix.join(home, '.config');
}

/** The folder Electron's app.getPath('userData') returns for nbrevive on this platform. */
export function userDataDir(options: PlatformEnv = {}): string {
  const join = options.platform ?? process.platform;
  return (join === 'win32' ? path.win32 : path.posix).join(appDataDir(options), APP_NAME);
}

/** <userData>/nbrevive.db */
export function defaultDbPath(options: PlatformEnv = {}): string {
  const platform = options.platform ?? process.platform;
  return (platform === 'win32' ? path.win32 : path.posix).join(userDataDir(options), DB_FILE_NAME);
}

/** The database to open: `--db` (the CLI passes it), else NBREVIVE_DB, else the default; relative paths from cwd. */
export function resolveDbPath(cliDb?: string | null, options: PlatformEnv = {}): string {
  const env = options.env ?? process.env;
  const chosen = cliDb || env.NBREVIVE_DB;
  return chosen ? path.resolve(chosen) : defaultDbPath(options);
}

/** nbrevive's data folder (the managed Python runtime, runtime.json): NBREVIVE_DATA_DIR, else <userData>. */
export function nbreviveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.NBREVIVE_DATA_DIR ? path.resolve(env.NBREVIVE_DATA_DIR) : userDataDir({ env });
}

/** The managed virtual environment `nbrevive runtimes setup` creates: <data>/python. */
export function managedVenvDir(dataDir: string): string {
  return path.join(dataDir, 'python');
}

export function managedVenvPython(dataDir: string): string {
  return process.platform === 'win32'
    ? path.join(managedVenvDir(dataDir), 'Scripts', 'python.exe')
    : path.join(managedVenvDir(dataDir), 'bin', 'python');
}

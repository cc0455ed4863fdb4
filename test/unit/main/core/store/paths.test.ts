// The database location: Electron's userData folder for "nbrevive" on each platform, and the overrides.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDbPath, resolveDbPath, userDataDir } from '../../../../../main/core/store/paths';

describe('userDataDir', () => {
  it('follows XDG_CONFIG_HOME on Linux, else ~/.config', () => {
    expect(userDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, home: '/home/ada' })).toBe(
      '/xdg/nbrevive',
    );
    expect(userDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '' }, home: '/home/ada' })).toBe(
      '/home/ada/.config/nbrevive',
    );
    expect(userDataDir({ platform: 'linux', env: {}, home: '/home/ada' })).toBe('/home/ada/.config/nbrevive');
  });

  it('uses Application Support on macOS and %APPDATA% on Windows', () => {
    expect(userDataDir({ platform: 'darwin', env: { XDG_CONFIG_HOME: '/ignored' }, home: '/Users/ada' })).toBe(
      '/Users/ada/Library/Application Support/nbrevive',
    );
    expect(
      userDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, home: 'C:\\Users\\ada' }),
    ).toBe('C:\\Users\\ada\\AppData\\Roaming\\nbrevive');
    expect(userDataDir({ platform: 'win32', env: {}, home: 'C:\\Users\\ada' })).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\nbrevive',
    );
  });
});

describe('database path', () => {
  it('is nbrevive.db in the user data folder', () => {
    expect(defaultDbPath({ platform: 'linux', env: {}, home: '/home/ada' })).toBe(
      '/home/ada/.config/nbrevive/nbrevive.db',
    );
    expect(defaultDbPath({ platform: 'win32', env: { APPDATA: 'D:\\roam' }, home: 'C:\\x' })).toBe(
      'D:\\roam\\nbrevive\\nbrevive.db',
    );
  });

  it('takes --db first, then NBREVIVE_DB, resolving relative paths from the working directory', () => {
    const env = { NBREVIVE_DB: '/data/from-env.db' };
    const base = { platform: 'linux' as const, home: '/home/ada' };
    expect(resolveDbPath('/data/cli.db', { ...base, env })).toBe('/data/cli.db');
    expect(resolveDbPath(undefined, { ...base, env })).toBe('/data/from-env.db');
    expect(resolveDbPath(null, { ...base, env: {} })).toBe('/home/ada/.config/nbrevive/nbrevive.db');
    expect(resolveDbPath('rel/x.db', { ...base, env })).toBe(path.resolve('rel/x.db'));
  });
});

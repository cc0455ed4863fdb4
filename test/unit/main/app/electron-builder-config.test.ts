// electron-builder.yml read and validated by electron-builder itself (its own loader and JSON schema, no download),
// then the choices that matter checked one by one.
import fs from 'node:fs';
import path from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('electron-builder.yml', async () => {
  const config = await getConfig(ROOT, path.join(ROOT, 'electron-builder.yml'), null);
  // the loader turns the `files` list into file sets: [{filter: [...]}]
  const files = (config.files as { filter: string[] }[]).flatMap((set) => set.filter);

  it('passes electron-builder schema validation, and a misspelt key does not', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, electronFuses: { runAsNod: false } as never }, new DebugLogger(false)),
    ).rejects.toThrow(/electronFuses/);
  });

  it('builds AppImage and deb, dmg and nsis', () => {
    const targets = (t: unknown) => (Array.isArray(t) ? t.map(String) : [String(t)]);
    expect(targets(config.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(targets(config.mac?.target)).toEqual(['dmg']);
    expect(targets(config.win?.target)).toEqual(['nsis']);
  });

  it('keeps native code out of the asar, ships the Python scripts as real files and rebuilds for Electron', () => {
    expect(config.asar).not.toBe(false);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(config.extraResources).toContainEqual({ from: 'resources/python', to: 'python' });
    expect(config.npmRebuild).toBe(true);
    // the Python scripts must never be packed into app.asar (the interpreter cannot read inside it)
    expect(files.some((f) => f.startsWith('resources/python'))).toBe(false);
    for (const from of (config.extraResources as { from: string }[]).map((r) => r.from))
      expect(fs.existsSync(path.join(ROOT, from)), from).toBe(true);
  });

  it('packs the bundles the app loads and the icon it names', () => {
    for (const f of ['package.json', 'out/main/**', 'out/preload/**', 'out/renderer/**', 'resources/prompts/**'])
      expect(files).toContain(f);
    expect(fs.existsSync(path.join(ROOT, 'resources/icons', String(config.linux?.icon)))).toBe(true);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { main: string };
    expect(pkg.main).toBe('out/main/app/main.js');
  });

  it('flips the fuses of the security checklist', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

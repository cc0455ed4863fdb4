// The desktop contract's handlers bound with the same dispatcher as the app API, over the real host handlers and an
// in-memory store; the dialog and shell are plain recording shapes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDesktopHandlers, DesktopHandlerDependencies } from '../../../../main/app/desktop-handlers';
import { openStore, Store } from '../../../../main/core/store';
import { bareAppHandlers } from '../../../helpers/app-handlers';
import { codeOnlyNotebookJson } from '../../../helpers/notebooks';
import { ChannelDispatcher, createDispatcher, registerHandlers } from '../../../../main/host/handlers';
import { DESKTOP, DESKTOP_EVENT_CHANNELS, DESKTOP_INVOKE_CHANNELS } from '../../../../shared/contracts/desktop';

let store: Store;
let dir: string;
let desktop: ChannelDispatcher<string>;
const opened: string[] = [];
const imported: unknown[] = [];
let openAnswer: { canceled: boolean; filePaths: string[] };

beforeEach(() => {
  store = openStore(':memory:');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-desktop-'));
  opened.length = 0;
  imported.length = 0;
  openAnswer = { canceled: true, filePaths: [] };
  const api = registerHandlers(bareAppHandlers(store));
  const deps: DesktopHandlerDependencies = {
    dialog: {
      showOpenDialog: async () => openAnswer,
      showSaveDialog: async (o) => ({ canceled: false, filePath: path.join(dir, String(o.defaultPath)) }),
    },
    shell: { openExternal: async (url) => void opened.push(url), showItemInFolder: () => {} },
    api,
    secretsStatus: () => ({ canStore: false, backend: 'basic_text', message: 'no keyring' }),
    emitImported: (p) => void imported.push(p),
  };
  desktop = createDispatcher(DESKTOP, createDesktopHandlers(deps), 'app');
});

afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the desktop contract', () => {
  it('has a handler for every invoke channel and named events', () => {
    expect([...desktop.channels].sort()).toEqual([...DESKTOP_INVOKE_CHANNELS].sort());
    expect(DESKTOP_EVENT_CHANNELS.sort()).toEqual(['desktop:cases.imported', 'desktop:menu.command']);
  });

  it('imports dropped paths through the app API and announces them', async () => {
    const nb = path.join(dir, 'a.ipynb');
    fs.writeFileSync(nb, codeOnlyNotebookJson(['print(1)']));
    const r = await desktop.dispatch('desktop:cases.importPaths', { paths: [nb, path.join(dir, 'missing.ipynb')] });
    expect(r.ok).toBe(true);
    const out = (r as { value: { cases: { caseId?: string }[]; errors: { path: string; code: string }[] } }).value;
    expect(out.cases).toHaveLength(1);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]?.path).toBe(path.join(dir, 'missing.ipynb'));
    expect(imported).toEqual([out]);
    expect((await desktop.dispatch('desktop:cases.importPaths', { paths: [] })).ok).toBe(false);
  });

  it('opens only http(s) links externally', async () => {
    expect(await desktop.dispatch('desktop:shell.openExternal', { url: 'https://example.org/x' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    const refused = await desktop.dispatch('desktop:shell.openExternal', { url: 'file:///etc/passwd' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    expect(opened).toEqual(['https://example.org/x']);
  });

  it('answers dialogs: cancel gives nothing, a choice gives its path', async () => {
    expect(await desktop.dispatch('desktop:dialogs.openImport', {})).toEqual({ ok: true, value: { paths: [] } });
    openAnswer = { canceled: false, filePaths: ['/x/a.ipynb'] };
    expect(await desktop.dispatch('desktop:dialogs.openImport', { folder: false })).toEqual({
      ok: true,
      value: { paths: ['/x/a.ipynb'] },
    });
    expect(await desktop.dispatch('desktop:dialogs.saveFile', { defaultName: 'report.csv' })).toEqual({
      ok: true,
      value: { path: path.join(dir, 'report.csv') },
    });
    expect(await desktop.dispatch('desktop:secrets.status', {})).toEqual({
      ok: true,
      value: { canStore: false, backend: 'basic_text', message: 'no keyring' },
    });
  });
});

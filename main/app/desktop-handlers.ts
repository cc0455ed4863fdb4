// The handlers of the desktop contract (shared/contracts/desktop.ts): native dialogs, the system browser and file
// manager, the key store's state, and importing chosen or dropped paths through the app API. Electron's modules
// come in as plain shapes, so the handlers are testable without Electron.
import type { OpenDialogOptions, SaveDialogOptions } from 'electron';
import type { z } from 'zod';
import type { HandlersOf, PayloadOf } from '../../shared/contracts/channel';
import { CaseImportOutputSchema } from '../../shared/contracts/case-schemas';
import { Desktop, SecretStorageStatus } from '../../shared/contracts/desktop';
import { NbreviveError } from '../../shared/lib/errors';
import type { ChannelDispatcher } from '../host/handlers';
import { isExternalLink } from './window-policy';

type ImportOutput = z.output<typeof CaseImportOutputSchema>;

export interface DesktopHandlerDependencies {
  dialog: {
    showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
    showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  };
  shell: { openExternal(url: string): Promise<void>; showItemInFolder(path: string): void };
  /** the app API, for imports */
  api: Pick<ChannelDispatcher<string>, 'dispatch'>;
  secretsStatus(): SecretStorageStatus;
  /** tells every window that cases were imported */
  emitImported(payload: PayloadOf<Desktop['desktop:cases.imported']>): void;
}

export const NOTEBOOK_FILTERS = [
  { name: 'Jupyter notebooks', extensions: ['ipynb'] },
  { name: 'All files', extensions: ['*'] },
];

/** The native open dialog for notebooks (files) or case/corpus folders; cancel gives []. */
export async function chooseImportPaths(
  dialog: DesktopHandlerDependencies['dialog'],
  folder: boolean,
): Promise<string[]> {
  const r = await dialog.showOpenDialog(
    folder
      ? { title: 'Import a case or corpus folder', properties: ['openDirectory', 'multiSelections'] }
      : { title: 'Import notebooks', properties: ['openFile', 'multiSelections'], filters: NOTEBOOK_FILTERS },
  );
  return r.canceled ? [] : r.filePaths;
}

/** Imports each path through the app API (`app:cases.import`), collecting cases and per-path errors. */
export async function importPaths(
  api: DesktopHandlerDependencies['api'],
  paths: readonly string[],
): Promise<ImportOutput> {
  const out: ImportOutput = { cases: [], errors: [] };
  for (const p of paths) {
    const r = await api.dispatch('app:cases.import', { path: p });
    if (r.ok) {
      const value = r.value as ImportOutput;
      out.cases.push(...value.cases);
      out.errors.push(...value.errors);
    } else {
      out.errors.push({ path: p, ...r.error });
    }
  }
  return out;
}

export function createDesktopHandlers(deps: DesktopHandlerDependencies): HandlersOf<Desktop> {
  return {
    'desktop:dialogs.openImport': async ({ folder }) => ({ paths: await chooseImportPaths(deps.dialog, folder) }),
    async 'desktop:dialogs.saveFile'({ defaultName, filters }) {
      const r = await deps.dialog.showSaveDialog({
        title: 'Export',
        defaultPath: defaultName,
        filters,
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      return { path: r.canceled || !r.filePath ? null : r.filePath };
    },
    async 'desktop:dialogs.chooseFolder'() {
      const r = await deps.dialog.showOpenDialog({
        title: 'Export to folder',
        properties: ['openDirectory', 'createDirectory'],
      });
      return { path: r.canceled ? null : (r.filePaths[0] ?? null) };
    },
    async 'desktop:cases.importPaths'({ paths }) {
      const out = await importPaths(deps.api, paths);
      deps.emitImported(out);
      return out;
    },
    async 'desktop:shell.openExternal'({ url }) {
      if (!isExternalLink(url))
        throw new NbreviveError(
          'invalid-request',
          `only http(s) links open outside nbrevive, not ${url.slice(0, 100)}`,
        );
      await deps.shell.openExternal(url);
      return { opened: true };
    },
    'desktop:shell.showItem'({ path }) {
      deps.shell.showItemInFolder(path);
      return {};
    },
    'desktop:secrets.status': () => deps.secretsStatus(),
  };
}

// The sandboxed preload of the nbrevive window (bundled to one CommonJS file: a sandboxed preload cannot load
// modules). It exposes the contract clients through contextBridge and nothing else: no ipcRenderer, no Node.
// A notebook or folder dropped anywhere the page does not handle itself is imported through the desktop API.
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createDesktopApi, createIpcApi, dropImportPaths } from './preload-api';

const api = createIpcApi(ipcRenderer);
const desktop = createDesktopApi(ipcRenderer, (file) =>
  webUtils.getPathForFile(file as Parameters<typeof webUtils.getPathForFile>[0]),
);

contextBridge.exposeInMainWorld('nbrevive', api);
contextBridge.exposeInMainWorld('nbreviveDesktop', desktop);

// The main tsconfig has no DOM library: the few DOM shapes the drop handler reads, typed here.
interface DropEventLike {
  defaultPrevented: boolean;
  preventDefault(): void;
  dataTransfer: { files: ArrayLike<unknown> } | null;
}
const page = globalThis as unknown as { addEventListener(type: string, listener: (e: DropEventLike) => void): void };

// The page sees a drop first (React listens on its root); a drop it leaves unhandled lands here, and without
// preventDefault Chromium would try to open the file in the window.
page.addEventListener('dragover', (e) => e.preventDefault());
page.addEventListener('drop', (e) => {
  if (e.defaultPrevented) return;
  e.preventDefault();
  const paths = dropImportPaths(e.dataTransfer?.files ?? [], desktop.pathForFile);
  if (paths.length)
    desktop.casesImportPaths({ paths }).catch((err: unknown) => console.error('nbrevive: import failed:', err));
});

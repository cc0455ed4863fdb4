// Monaco, bundled from the installed package (no CDN: the CSP allows only 'self'): the editor API, Python
// highlighting, and the editor worker loaded through Vite's ?worker import.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/python/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };

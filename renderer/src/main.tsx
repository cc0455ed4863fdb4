// Renderer entry: talks to Electron's main process through the preload's `window.nbrevive` when it runs in the
// desktop app, else to the host the page was served from (token from ?token=…), and mounts the workbench.
import { createRoot } from 'react-dom/client';
import type { NbreviveApi } from '../../shared/contracts/api';
import type { NbreviveDesktopApi } from '../../shared/contracts/desktop';
import { App } from './app/App';
import { httpApiFromLocation } from './lib/api-client';
import './styles.css';

declare global {
  interface Window {
    nbrevive?: NbreviveApi;
    nbreviveDesktop?: NbreviveDesktopApi;
  }
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(<App api={window.nbrevive ?? httpApiFromLocation(location, sessionStorage, history)} />);

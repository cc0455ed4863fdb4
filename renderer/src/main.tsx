// Renderer entry: connects to the host the page was served from (token from ?token=…) and mounts the workbench.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { httpApiFromLocation } from './lib/api-client';
import './styles.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App api={httpApiFromLocation(location, sessionStorage)} />);

// The workbench shell: navigation, theme, global shortcuts and the help overlay, toasts, and the current screen.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NbreviveApi } from '../../../shared/contracts/api';
import type { QueueStatus } from '../../../shared/contracts/schemas';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { JobPage } from '../features/job/JobPage';
import { QueuePage } from '../features/queue/QueuePage';
import { ReviewPage } from '../features/review/ReviewPage';
import { RuntimesPage } from '../features/runtimes/RuntimesPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { applyTheme, initialTheme, Theme } from '../lib/theme';
import { HelpOverlay } from '../ui/HelpOverlay';
import { isTypingTarget } from '../ui/keys';
import { AppContext, AppContextValue, hashOf, Route, routeFromHash } from './context';
import { useJobs } from './use-jobs';

const NAV: { screen: Route['screen']; label: string; key: string }[] = [
  { screen: 'queue', label: 'Corpus & queue', key: '1' },
  { screen: 'review', label: 'Review', key: '2' },
  { screen: 'dashboard', label: 'Dashboard', key: '3' },
  { screen: 'runtimes', label: 'Runtimes', key: '4' },
  { screen: 'settings', label: 'Settings', key: '5' },
];

interface Toast {
  id: number;
  message: string;
  kind: 'info' | 'error';
}

export function App({ api }: { api: NbreviveApi }) {
  const [route, setRoute] = useState<Route>(() => routeFromHash(location.hash));
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [help, setHelp] = useState(false);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [queue, setQueue] = useState<QueueStatus | null>(null);
  const { jobs, reload } = useJobs(api);

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => {
    const onHash = () => setRoute(routeFromHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    api.queueStatus({}).then(setQueue, () => {});
    return api.onQueueChanged((q) => setQueue(q));
  }, [api]);
  // the desktop app's menu items and drops onto the window (absent in a browser)
  useEffect(() => {
    const desktop = window.nbreviveDesktop;
    if (!desktop) return;
    const offMenu = desktop.onMenuCommand(({ command }) => {
      if (command === 'toggle-theme') setTheme((t) => (t === 'dark' ? 'light' : 'dark'));
      else if (command === 'open-settings') location.hash = hashOf({ screen: 'settings' } as Route);
      else if (command === 'export') location.hash = hashOf({ screen: 'dashboard' } as Route);
    });
    const offImported = desktop.onCasesImported(() => reload());
    return () => {
      offMenu();
      offImported();
    };
  }, [reload]);

  const navigate = useCallback((r: Route) => {
    location.hash = hashOf(r);
  }, []);
  const notify = useCallback((message: string, kind: 'info' | 'error' = 'info') => {
    const id = Date.now() + Math.random();
    setToasts((t) => [...t, { id, message, kind }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), kind === 'error' ? 9000 : 4000);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp((h) => !h);
      } else if (e.key === 'Escape' && help) setHelp(false);
      else if (e.key === 't') setTheme((t) => (t === 'dark' ? 'light' : 'dark'));
      else {
        const item = NAV.find((n) => n.key === e.key);
        if (item) navigate({ screen: item.screen } as Route);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [help, navigate]);

  const ctx = useMemo<AppContextValue>(
    () => ({ api, theme, navigate, notify, jobs, reloadJobs: reload }),
    [api, theme, navigate, notify, jobs, reload],
  );
  const current = route.screen === 'job' ? 'queue' : route.screen;

  return (
    <AppContext.Provider value={ctx}>
      <div className="shell">
        <header className="topbar">
          <span className="brand" aria-label="nbrevive">
            nb<b>revive</b>
          </span>
          <nav aria-label="screens">
            {NAV.map((n) => (
              <a
                key={n.screen}
                href={hashOf({ screen: n.screen } as Route)}
                aria-current={current === n.screen ? 'page' : undefined}
                title={`${n.label} (${n.key})`}
              >
                {n.label}
              </a>
            ))}
          </nav>
          <span className="spacer" />
          {queue && (
            <span className="queue-pill" aria-label="queue status" data-testid="queue-pill">
              {queue.paused ? '⏸ paused' : '▶ running'} · {queue.running} running · {queue.queued} queued ·{' '}
              {queue.workers} worker{queue.workers === 1 ? '' : 's'}
            </span>
          )}
          <button
            type="button"
            className="icon"
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            aria-label={`switch to ${theme === 'dark' ? 'light' : 'dark'} theme (t)`}
            title="Toggle theme (t)"
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          <button
            type="button"
            className="icon"
            onClick={() => setHelp(true)}
            aria-label="keyboard shortcuts (?)"
            title="Keyboard shortcuts (?)"
          >
            ?
          </button>
        </header>
        <main className="content" aria-label={current}>
          {route.screen === 'queue' && <QueuePage />}
          {route.screen === 'job' && <JobPage key={route.jobId} jobId={route.jobId} />}
          {route.screen === 'review' && <ReviewPage jobId={route.jobId ?? null} />}
          {route.screen === 'dashboard' && <DashboardPage />}
          {route.screen === 'runtimes' && <RuntimesPage />}
          {route.screen === 'settings' && <SettingsPage />}
        </main>
        {help && <HelpOverlay onClose={() => setHelp(false)} />}
        <div className="toasts" role="status" aria-live="polite">
          {toasts.map((t) => (
            <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'error' ? 'alert' : undefined}>
              {t.message}
            </div>
          ))}
        </div>
      </div>
    </AppContext.Provider>
  );
}

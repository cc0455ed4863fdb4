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
import { isTypingTarget, useWindowKeydown } from '../ui/keys';
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
  const route = useRoute();
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const [help, setHelp] = useState(false);
  const { toasts, notify } = useToasts();
  const queue = useQueueStatus(api);
  const { jobs, reload } = useJobs(api);

  useEffect(() => applyTheme(theme), [theme]);
  useDesktopEvents(setTheme, reload);
  const navigate = useCallback((r: Route) => {
    location.hash = hashOf(r);
  }, []);
  useGlobalKeys(help, setHelp, setTheme, navigate);

  const ctx = useMemo<AppContextValue>(
    () => ({ api, theme, navigate, notify, jobs, reloadJobs: reload }),
    [api, theme, navigate, notify, jobs, reload],
  );
  const current = route.screen === 'job' ? 'queue' : route.screen;

  return (
    <AppContext.Provider value={ctx}>
      <div className="shell">
        <TopBar
          current={current}
          queue={queue}
          theme={theme}
          onToggleTheme={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          onHelp={() => setHelp(true)}
        />
        <main className="content" aria-label={current}>
          <Screen route={route} />
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

type SetState<T> = (update: T | ((previous: T) => T)) => void;

const otherTheme = (t: Theme): Theme => (t === 'dark' ? 'light' : 'dark');

/** the screen the location's hash names, followed as it changes */
function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => routeFromHash(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(routeFromHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/** the worker queue's state (null until the host answers) */
function useQueueStatus(api: NbreviveApi): QueueStatus | null {
  const [queue, setQueue] = useState<QueueStatus | null>(null);
  useEffect(() => {
    api.queueStatus({}).then(setQueue, () => {});
    return api.onQueueChanged((q) => setQueue(q));
  }, [api]);
  return queue;
}

/** the toasts shown now, and notify(): a toast that goes after 4 s (an error after 9 s) */
function useToasts(): { toasts: Toast[]; notify: AppContextValue['notify'] } {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback((message: string, kind: 'info' | 'error' = 'info') => {
    const id = Date.now() + Math.random();
    setToasts((t) => [...t, { id, message, kind }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), kind === 'error' ? 9000 : 4000);
  }, []);
  return { toasts, notify };
}

/** the desktop app's menu items and drops onto the window (absent in a browser) */
function useDesktopEvents(setTheme: SetState<Theme>, reload: () => void): void {
  useEffect(() => {
    const desktop = window.nbreviveDesktop;
    if (!desktop) return;
    const offMenu = desktop.onMenuCommand(({ command }) => {
      if (command === 'toggle-theme') setTheme(otherTheme);
      else if (command === 'open-settings') location.hash = hashOf({ screen: 'settings' } as Route);
      else if (command === 'export') location.hash = hashOf({ screen: 'dashboard' } as Route);
    });
    const offImported = desktop.onCasesImported(() => reload());
    return () => {
      offMenu();
      offImported();
    };
  }, [reload]);
}

/** the shortcuts of every screen: ? help, Escape closes it, t theme, 1–5 the screens */
function useGlobalKeys(
  help: boolean,
  setHelp: SetState<boolean>,
  setTheme: SetState<Theme>,
  navigate: (r: Route) => void,
): void {
  useWindowKeydown(
    (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp((h) => !h);
      } else if (e.key === 'Escape' && help) setHelp(false);
      else if (e.key === 't') setTheme(otherTheme);
      else {
        const item = NAV.find((n) => n.key === e.key);
        if (item) navigate({ screen: item.screen } as Route);
      }
    },
    [help, navigate],
  );
}

function TopBar({
  current,
  queue,
  theme,
  onToggleTheme,
  onHelp,
}: {
  current: Route['screen'];
  queue: QueueStatus | null;
  theme: Theme;
  onToggleTheme(): void;
  onHelp(): void;
}) {
  return (
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
          {queue.paused ? '⏸ paused' : '▶ running'} · {queue.running} running · {queue.queued} queued · {queue.workers}{' '}
          worker{queue.workers === 1 ? '' : 's'}
        </span>
      )}
      <button
        type="button"
        className="icon"
        onClick={onToggleTheme}
        aria-label={`switch to ${otherTheme(theme)} theme (t)`}
        title="Toggle theme (t)"
      >
        {theme === 'dark' ? '☀' : '☾'}
      </button>
      <button
        type="button"
        className="icon"
        onClick={onHelp}
        aria-label="keyboard shortcuts (?)"
        title="Keyboard shortcuts (?)"
      >
        ?
      </button>
    </header>
  );
}

function Screen({ route }: { route: Route }) {
  return (
    <>
      {route.screen === 'queue' && <QueuePage />}
      {route.screen === 'job' && <JobPage key={route.jobId} jobId={route.jobId} />}
      {route.screen === 'review' && <ReviewPage jobId={route.jobId ?? null} />}
      {route.screen === 'dashboard' && <DashboardPage />}
      {route.screen === 'runtimes' && <RuntimesPage />}
      {route.screen === 'settings' && <SettingsPage />}
    </>
  );
}

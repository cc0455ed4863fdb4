// What every screen gets from the shell: the API client, the theme, navigation and a way to tell the user things.
import { createContext, useCallback, useContext } from 'react';
import type { NbreviveApi } from '../../../shared/contracts/api';
import type { JobSummary } from '../../../shared/contracts/schemas';
import { errorMessage } from '../lib/format';
import type { Theme } from '../lib/theme';

export type Route =
  | { screen: 'queue' }
  | { screen: 'job'; jobId: string }
  | { screen: 'review'; jobId?: string }
  | { screen: 'dashboard' }
  | { screen: 'runtimes' }
  | { screen: 'settings' };

export interface AppContextValue {
  api: NbreviveApi;
  theme: Theme;
  navigate(route: Route): void;
  notify(message: string, kind?: 'info' | 'error'): void;
  /** every job, kept current from the event stream (null while loading) */
  jobs: JobSummary[] | null;
  reloadJobs(): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside <AppContext>');
  return ctx;
}

/** Tells the user that an action failed, with the error's message (and its code): the one way screens report errors. */
export function useNotifyError(): (error: unknown) => void {
  const { notify } = useApp();
  return useCallback((error: unknown) => notify(errorMessage(error), 'error'), [notify]);
}

export function routeFromHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  switch (parts[0]) {
    case 'job':
      return parts[1] ? { screen: 'job', jobId: parts[1] } : { screen: 'queue' };
    case 'review':
      return parts[1] ? { screen: 'review', jobId: parts[1] } : { screen: 'review' };
    case 'dashboard':
    case 'runtimes':
    case 'settings':
      return { screen: parts[0] };
    default:
      return { screen: 'queue' };
  }
}

export function hashOf(route: Route): string {
  if (route.screen === 'job') return `#/job/${encodeURIComponent(route.jobId)}`;
  if (route.screen === 'review' && route.jobId) return `#/review/${encodeURIComponent(route.jobId)}`;
  return `#/${route.screen}`;
}

// The app API over HTTP + server-sent events, for the renderer served by `nbrevive serve`: one named function per
// invoke channel (POST /api/<channel>) and one `onX(listener) → unsubscribe` per event channel (one shared
// EventSource on /api/events, opened while anyone listens; the browser replays missed events via Last-Event-ID).
import { z } from 'zod';
import { API, API_EVENT_CHANNELS, API_INVOKE_CHANNELS, NbreviveApi } from '../../../shared/contracts/api';
import { listenerName, methodName } from '../../../shared/contracts/channel';

/** An error the host answered with: `code` is one of shared/lib/errors' codes, or `unauthorized`/`network`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The part of EventSource the client uses, so tests and other hosts can supply their own. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data: string }) => void): void;
  close(): void;
  onerror: ((event: unknown) => void) | null;
}

export interface HttpApiOptions {
  fetch?: typeof fetch;
  createEventSource?: (url: string) => EventSourceLike;
}

export function createHttpApi(baseUrl: string, token: string, options: HttpApiOptions = {}): NbreviveApi {
  const base = baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const createEventSource =
    options.createEventSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
  const client: Record<string, unknown> = {};
  for (const channel of API_INVOKE_CHANNELS) {
    client[methodName(channel)] = (input: unknown) => invoke(doFetch, `${base}/api/${channel}`, token, input);
  }
  const events = new EventHub(() => createEventSource(`${base}/api/events?token=${encodeURIComponent(token)}`));
  for (const channel of API_EVENT_CHANNELS) {
    client[listenerName(channel)] = (listener: (payload: unknown) => void) => events.subscribe(channel, listener);
  }
  return client as NbreviveApi;
}

/** One call: POST the input, the answer's JSON body, or an ApiError with the host's code and message. */
async function invoke(doFetch: typeof fetch, url: string, token: string, input: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(input ?? {}),
    });
  } catch (e) {
    throw new ApiError(
      'network',
      `the nbrevive host did not answer (${(e as Error).message}); is \`nbrevive serve\` running?`,
      0,
    );
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError('internal', `the host answered ${res.status} with non-JSON: ${text.slice(0, 200)}`, res.status);
  }
  if (!res.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(error?.code ?? 'internal', error?.message ?? `HTTP ${res.status}`, res.status);
  }
  // the host validated the answer against the same output schema (defaults applied) before sending it
  return body;
}

/** One EventSource for all listeners: opened on the first subscription, closed with the last. */
class EventHub {
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  private source: EventSourceLike | null = null;

  constructor(private readonly createSource: () => EventSourceLike) {}

  /** listens to one event channel; returns the unsubscribe function (a second call does nothing) */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    this.open();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      set.delete(listener);
      if (this.total() === 0 && this.source) {
        this.source.close();
        this.source = null;
      }
    };
  }

  private total(): number {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }

  private open(): void {
    if (this.source) return;
    const source = this.createSource();
    this.source = source;
    for (const channel of API_EVENT_CHANNELS) {
      const schema = API[channel].payload as z.ZodType;
      source.addEventListener(channel, (event) => {
        const parsed = schema.safeParse(JSON.parse(event.data));
        if (!parsed.success) return console.error(`nbrevive: malformed ${channel} event`, parsed.error);
        for (const listener of this.listeners.get(channel) ?? []) listener(parsed.data);
      });
    }
  }
}

/**
 * The base URL and token of the page the renderer was served from (`/?token=…`). The token moves into session
 * storage and out of the address bar (history.replaceState), so it is not left in the browser's history, in
 * bookmarks or on screen.
 */
export function httpApiFromLocation(
  location: Pick<Location, 'search' | 'origin' | 'pathname' | 'hash'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  history?: Pick<History, 'replaceState' | 'state'>,
): NbreviveApi {
  const params = new URLSearchParams(location.search);
  const fromQuery = params.get('token');
  if (fromQuery) {
    storage.setItem('nbrevive.token', fromQuery);
    params.delete('token');
    const rest = params.toString();
    history?.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  }
  const token = fromQuery ?? storage.getItem('nbrevive.token') ?? '';
  return createHttpApi(location.origin, token);
}

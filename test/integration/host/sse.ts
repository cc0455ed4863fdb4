// A small server-sent-events reader for tests (Node 20 has no EventSource): parses the stream of a real HTTP
// response and offers an EventSource-like object to the HTTP API client.
import http from 'node:http';
import type { EventSourceLike } from '../../../renderer/src/lib/api-client';

export interface SseMessage {
  id: number | null;
  event: string;
  data: string;
  /** when it was parsed (performance.timeOrigin + now(), ms) */
  arrivedAt: number;
}

export class SseReader {
  readonly messages: SseMessage[] = [];
  status = 0;
  private req: http.ClientRequest | null = null;
  private waiters: (() => void)[] = [];
  private readonly listeners = new Map<string, Set<(e: { data: string }) => void>>();
  readonly ready: Promise<number>;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ready = new Promise((resolve, reject) => {
      this.req = http.get(url, { headers }, (res) => {
        this.status = res.statusCode ?? 0;
        resolve(this.status);
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            this.onBlock(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
          }
        });
      });
      this.req.on('error', (e) => (this.status ? undefined : reject(e)));
    });
  }

  private onBlock(block: string): void {
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const message = { id, event, data: data.join('\n'), arrivedAt: performance.timeOrigin + performance.now() };
    this.messages.push(message);
    for (const l of this.listeners.get(event) ?? []) l({ data: message.data });
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** resolves when `predicate` holds over the received messages */
  async waitFor(
    predicate: (messages: SseMessage[]) => boolean,
    timeoutMs: number,
    what = 'SSE messages',
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.messages)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${what}; got ${this.messages.length}: ${this.messages
            .slice(-5)
            .map((m) => `${m.event} ${m.data.slice(0, 120)}`)
            .join(' | ')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  payloads<T = Record<string, unknown>>(event: string): T[] {
    return this.messages.filter((m) => m.event === event).map((m) => JSON.parse(m.data) as T);
  }

  asEventSource(): EventSourceLike {
    return {
      addEventListener: (type, listener) => {
        let set = this.listeners.get(type);
        if (!set) this.listeners.set(type, (set = new Set()));
        set.add(listener);
      },
      close: () => this.close(),
      onerror: null,
    };
  }

  close(): void {
    this.req?.destroy();
    this.req = null;
  }
}

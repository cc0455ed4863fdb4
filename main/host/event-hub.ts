// Fans the app's events out to subscribers (SSE clients, the Electron window) with increasing ids, and keeps a
// short replay buffer so a client that reconnects with Last-Event-ID misses nothing recent.
import { z } from 'zod';
import { API, ApiEventChannel } from '../../shared/contracts/api';
import { PayloadOf } from '../../shared/contracts/channel';

export interface HubEvent<C extends ApiEventChannel = ApiEventChannel> {
  id: number;
  channel: C;
  payload: PayloadOf<(typeof API)[C]>;
}

export type HubListener = (event: HubEvent) => void;

export class EventHub {
  private nextId = 1;
  private readonly buffer: HubEvent[] = [];
  private readonly listeners = new Set<HubListener>();

  constructor(private readonly bufferSize = 1000) {}

  /** validates the payload against the contract (a malformed event is a bug of its sender) and delivers it */
  emit<C extends ApiEventChannel>(channel: C, payload: z.input<(typeof API)[C]['payload']>): HubEvent<C> {
    const parsed = (API[channel].payload as z.ZodType).parse(payload) as PayloadOf<(typeof API)[C]>;
    const event: HubEvent<C> = { id: this.nextId++, channel, payload: parsed };
    this.buffer.push(event as HubEvent);
    if (this.buffer.length > this.bufferSize) this.buffer.shift();
    for (const listener of this.listeners) {
      try {
        listener(event as HubEvent);
      } catch (e) {
        console.error('[nbrevive host] event listener failed:', e);
      }
    }
    return event;
  }

  /** events after `lastId` still in the buffer, oldest first */
  since(lastId: number): HubEvent[] {
    return this.buffer.filter((e) => e.id > lastId);
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  onDidEmit(listener: HubListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

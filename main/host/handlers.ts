// The one place handlers are bound to the app contract: the handler table is typed over it (a missing or misspelt
// handler does not compile), every input is validated by its schema and every error becomes `{code, message}`.
import { API, ApiHandlers, ApiInvokeChannel } from '../../shared/contracts/api';
import {
  Channel,
  ErrorInfo,
  formatZodError,
  HandlersOf,
  InvokeChannel,
  InvokeKeys,
} from '../../shared/contracts/channel';
import { ErrorCode, isNbreviveError, NbreviveError, toErrorInfo } from '../../shared/lib/errors';

/** HTTP status per error code; anything unlisted is a 500. */
const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  'invalid-request': 400,
  'not-json': 400,
  'not-a-notebook': 400,
  'unsupported-nbformat': 400,
  'binary-file': 400,
  'invalid-case': 400,
  'file-too-large': 413,
  'file-not-found': 404,
  'not-found': 404,
  'data-missing': 422,
  'budget-exceeded': 402,
  cancelled: 409,
  'runtime-unavailable': 503,
  'docker-unavailable': 503,
  'image-missing': 503,
  'llm-error': 502,
  'disk-full': 507,
  'db-busy': 503,
  'db-read-only': 503,
};

export function httpStatusOf(code: string): number {
  return HTTP_STATUS[code as ErrorCode] ?? 500;
}

export type DispatchResult = { ok: true; value: unknown } | { ok: false; error: ErrorInfo; status: number };

export interface ChannelDispatcher<C extends string> {
  readonly channels: readonly C[];
  has(channel: string): channel is C;
  /** validates `input`, runs the handler, validates its answer; never throws */
  dispatch(channel: string, input: unknown): Promise<DispatchResult>;
}

export type ApiDispatcher = ChannelDispatcher<ApiInvokeChannel>;

export function registerHandlers(handlers: ApiHandlers): ApiDispatcher {
  return createDispatcher(API, handlers, 'host');
}

/**
 * Binds a handler table to any channel map (the app API here; the desktop app's own contract in main/app): every
 * invoke channel needs a handler, inputs and outputs are validated by the map's schemas, errors become `{code,
 * message}`.
 */
export function createDispatcher<M extends Record<string, Channel>>(
  map: M,
  handlers: HandlersOf<M>,
  name: string,
): ChannelDispatcher<InvokeKeys<M> & string> {
  type C = InvokeKeys<M> & string;
  const isInvokeChannel = (channel: string): channel is C =>
    Object.hasOwn(map, channel) && map[channel]?.kind === 'invoke';
  const channels = Object.keys(map).filter(isInvokeChannel);
  const table = handlers as Record<string, (input: unknown, context: void) => unknown>;
  for (const channel of channels) {
    if (typeof table[channel] !== 'function') throw new Error(`no handler for ${channel}`);
  }
  return {
    channels,
    has: isInvokeChannel,
    async dispatch(channel, input) {
      if (!isInvokeChannel(channel)) {
        return { ok: false, status: 404, error: { code: 'not-found', message: `no such API channel: ${channel}` } };
      }
      const spec = map[channel] as InvokeChannel;
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) {
        return { ok: false, status: 400, error: { code: 'invalid-request', message: formatZodError(parsed.error) } };
      }
      try {
        const raw = await (table[channel] as (input: unknown, context: void) => unknown)(parsed.data, undefined);
        const out = spec.output.safeParse(raw);
        if (!out.success) {
          // a host bug, not the caller's: say which channel broke its contract
          throw new NbreviveError(
            'internal',
            `${channel} returned a value outside its contract: ${formatZodError(out.error)}`,
          );
        }
        return { ok: true, value: out.data };
      } catch (e) {
        const error = toErrorInfo(e);
        if (!isNbreviveError(e) && error.code === 'internal') console.error(`[nbrevive ${name}] ${channel} failed:`, e);
        return { ok: false, status: httpStatusOf(error.code), error };
      }
    },
  };
}

// The one place handlers are bound to the app contract: the handler table is typed over it (a missing or misspelt
// handler does not compile), every input is validated by its schema and every error becomes `{code, message}`.
import { z } from 'zod';
import { API, ApiHandlers, ApiInvokeChannel } from '../../shared/contracts/api';
import { ErrorInfo, formatZodError } from '../../shared/contracts/channel';
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

export interface ApiDispatcher {
  readonly channels: readonly ApiInvokeChannel[];
  has(channel: string): channel is ApiInvokeChannel;
  /** validates `input`, runs the handler, validates its answer; never throws */
  dispatch(channel: string, input: unknown): Promise<DispatchResult>;
}

function isInvokeChannel(channel: string): channel is ApiInvokeChannel {
  return Object.hasOwn(API, channel) && API[channel as keyof typeof API].kind === 'invoke';
}

export function registerHandlers(handlers: ApiHandlers): ApiDispatcher {
  const channels = Object.keys(API).filter(isInvokeChannel);
  for (const channel of channels) {
    if (typeof handlers[channel] !== 'function') throw new Error(`no handler for ${channel}`);
  }
  return {
    channels,
    has: isInvokeChannel,
    async dispatch(channel, input) {
      if (!isInvokeChannel(channel)) {
        return { ok: false, status: 404, error: { code: 'not-found', message: `no such API channel: ${channel}` } };
      }
      const spec = API[channel];
      const parsed = (spec.input as z.ZodType).safeParse(input ?? {});
      if (!parsed.success) {
        return { ok: false, status: 400, error: { code: 'invalid-request', message: formatZodError(parsed.error) } };
      }
      try {
        const handler = handlers[channel] as (input: unknown, context: void) => unknown;
        const raw = await handler(parsed.data, undefined);
        const out = (spec.output as z.ZodType).safeParse(raw);
        if (!out.success) {
          // a host bug, not the caller's: say which channel broke its contract
          throw new NbreviveError('internal', `${channel} returned a value outside its contract: ${formatZodError(out.error)}`);
        }
        return { ok: true, value: out.data };
      } catch (e) {
        const error = toErrorInfo(e);
        if (!isNbreviveError(e) && error.code === 'internal') console.error(`[nbrevive host] ${channel} failed:`, e);
        return { ok: false, status: httpStatusOf(error.code), error };
      }
    },
  };
}

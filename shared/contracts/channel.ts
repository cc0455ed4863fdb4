// The building blocks of every process-boundary contract: a channel is an invoke (one object in, a promise out) or
// an event (a payload pushed to subscribers), with zod schemas from which all types are inferred.
import { z } from 'zod';

export interface InvokeChannel<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly kind: 'invoke';
  readonly input: I;
  readonly output: O;
}

export interface EventChannel<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly payload: P;
}

export type Channel = InvokeChannel | EventChannel;

export function invoke<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): InvokeChannel<I, O> {
  return { kind: 'invoke', input, output };
}

export function event<P extends z.ZodType>(payload: P): EventChannel<P> {
  return { kind: 'event', payload };
}

/** Keys of a channel map whose channel is an invoke. */
export type InvokeKeys<M> = { [K in keyof M]: M[K] extends InvokeChannel ? K : never }[keyof M];
/** Keys of a channel map whose channel is an event. */
export type EventKeys<M> = { [K in keyof M]: M[K] extends EventChannel ? K : never }[keyof M];

/** What a caller passes (defaults not yet applied). */
export type InputOf<C> = C extends InvokeChannel<infer I, z.ZodType> ? z.input<I> : never;
/** What a handler receives (validated, defaults applied). */
export type ParsedInputOf<C> = C extends InvokeChannel<infer I, z.ZodType> ? z.output<I> : never;
/** What a handler returns (before the output schema's defaults). */
export type OutputOf<C> = C extends InvokeChannel<z.ZodType, infer O> ? z.input<O> : never;
/** What a caller receives. */
export type ResultOf<C> = C extends InvokeChannel<z.ZodType, infer O> ? z.output<O> : never;
export type PayloadOf<C> = C extends EventChannel<infer P> ? z.output<P> : never;

/**
 * The name a client exposes for a channel, derived so it is never written twice:
 * `app:cases.list` → `casesList`, event `app:jobs.progress` → `onJobsProgress`.
 */
export type MethodName<K> = K extends `${string}:${infer A}.${infer V}` ? `${A}${Capitalize<V>}` : never;
export type ListenerName<K> = K extends `${string}:${infer A}.${infer V}`
  ? `on${Capitalize<A>}${Capitalize<V>}`
  : never;

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function splitChannel(channel: string): [string, string] {
  const m = /^[a-z]+:([a-zA-Z]+)\.([a-zA-Z]+)$/.exec(channel);
  if (!m) throw new Error(`channel name must be '<prefix>:<area>.<verb>': ${channel}`);
  return [m[1] as string, m[2] as string];
}

export function methodName<K extends string>(channel: K): MethodName<K> {
  const [area, verb] = splitChannel(channel);
  return `${area}${capitalize(verb)}` as MethodName<K>;
}

export function listenerName<K extends string>(channel: K): ListenerName<K> {
  const [area, verb] = splitChannel(channel);
  return `on${capitalize(area)}${capitalize(verb)}` as ListenerName<K>;
}

/** Unsubscribes a listener; calling it twice is harmless. */
export type Unsubscribe = () => void;

/** The client interface of a channel map: one named function per invoke, one `onX` per event. */
export type ClientOf<M> = {
  [K in InvokeKeys<M> as MethodName<K>]: (input: InputOf<M[K]>) => Promise<ResultOf<M[K]>>;
} & {
  [K in EventKeys<M> as ListenerName<K>]: (listener: (payload: PayloadOf<M[K]>) => void) => Unsubscribe;
};

/** The handler table a host must provide: exactly one per invoke channel (a missing one does not compile). */
export type HandlersOf<M, Ctx = void> = {
  [K in InvokeKeys<M>]: (input: ParsedInputOf<M[K]>, context: Ctx) => Promise<OutputOf<M[K]>> | OutputOf<M[K]>;
};

/** `{code, message}`: how an error crosses a process boundary. */
export const ErrorInfoSchema = z.object({ code: z.string(), message: z.string() });
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** One line per problem: `path: message` (the schema's own messages), for 400 answers and CLI output. */
export function formatZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

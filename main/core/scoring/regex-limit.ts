// Runs a user's regular expression (a case's score pattern) with a time limit. JavaScript's regex engine
// backtracks: `(a+)+$` against forty a's and a b takes hours, and on the main thread it would freeze the worker
// (missed heartbeats, requeued forever) and the CLI (signals are not handled while JavaScript runs). The match
// runs in a worker thread; the caller waits synchronously (Atomics.wait) so the score readers stay synchronous,
// and a match that outlives the limit is stopped (the thread is terminated) and reported as a typed error.
// The worker's code is a self-contained string (eval), so it works the same under tsx, vitest and the bundles.
// The limit counts from the moment the worker starts matching: starting a thread takes its own time, seconds on a
// loaded machine, and a sane pattern must not be reported as runaway for it.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { NbreviveError } from '../../../shared/lib/errors';

/** A score pattern gets this long for the whole score cell; a sane one needs microseconds. */
export const DEFAULT_PATTERN_TIMEOUT_MS = 2_000;
/** How long a worker thread may take to start before the match is given up (not the pattern's fault). */
const WORKER_START_MS = 120_000;
/** signal values: the worker has not started, is matching, has answered */
const IDLE = 0;
const MATCHING = 2;

/** lines to match, each as its spellings tried in order (the first that matches counts) */
export type MatchLines = readonly (readonly string[])[];

export interface LimitedMatch {
  matched: boolean;
  capture: string | undefined;
}

const WORKER_CODE = `
const { workerData } = require('node:worker_threads');
const { source, flags, lines, first, port, flag } = workerData;
const signal = new Int32Array(flag);
Atomics.store(signal, 0, 2);
Atomics.notify(signal, 0);
let result;
try {
  const regex = new RegExp(source, flags);
  let matched = false;
  let capture;
  for (const spellings of lines) {
    let m = null;
    for (const text of spellings) {
      m = regex.exec(text);
      if (m) break;
    }
    if (!m) continue;
    matched = true;
    capture = m[1] !== undefined ? m[1] : m[0];
    if (first) break;
  }
  result = { matched, capture };
} catch (e) {
  result = { error: String(e && e.message ? e.message : e) };
}
port.postMessage(result);
Atomics.store(signal, 0, 1);
Atomics.notify(signal, 0);
`;

/**
 * Matches `regex` against the lines (first or last matching line) in a worker thread, waiting at most
 * `timeoutMs`. Throws NbreviveError('invalid-case') naming the pattern when it takes longer.
 */
export function matchWithTimeLimit(
  regex: RegExp,
  lines: MatchLines,
  occurrence: 'first' | 'last',
  timeoutMs = DEFAULT_PATTERN_TIMEOUT_MS,
): LimitedMatch {
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: { source: regex.source, flags: regex.flags, lines, first: occurrence === 'first', port: port2, flag },
    transferList: [port2],
    // the regex needs no more than a small heap; a runaway one must not grow the host
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  try {
    Atomics.wait(signal, 0, IDLE, WORKER_START_MS);
    if (Atomics.load(signal, 0) === IDLE)
      throw new NbreviveError('internal', `the score pattern worker did not start within ${WORKER_START_MS} ms`);
    const waited = Atomics.wait(signal, 0, MATCHING, timeoutMs);
    const message = receiveMessageOnPort(port1)?.message as (LimitedMatch & { error?: string }) | undefined;
    if (waited === 'timed-out' && !message) {
      throw new NbreviveError(
        'invalid-case',
        `the score pattern ${JSON.stringify(regex.source)} took longer than ${timeoutMs} ms on the score cell's ` +
          `output and was stopped ` +
          '(it backtracks catastrophically, e.g. a nested repetition ' +
          'like (a+)+): simplify score.pattern in nbrevive.case.json',
        { pattern: regex.source, timeoutMs },
      );
    }
    if (!message) throw new NbreviveError('internal', 'the score pattern worker ended without an answer');
    if (message.error !== undefined)
      throw new NbreviveError(
        'invalid-case',
        `the score pattern ${JSON.stringify(regex.source)} failed: ${message.error}`,
      );
    return { matched: message.matched, capture: message.capture };
  } finally {
    port1.close();
    void worker.terminate();
  }
}

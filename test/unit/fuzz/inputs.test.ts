// Property-based fuzzing of what untrusted input reaches (issue 15): random bytes and random JSON thrown at the
// notebook reader, the case loader and every API channel (schema and handler, on a real SQLite file). No crash,
// no hang, and every failure is a typed error (NbreviveError, or a non-internal error answer). Each target runs
// for a bounded time (FUZZ_MS, default 3 s) so CI stays fast; a failing input is printed shrunk by fast-check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCase } from '../../../main/core/case/case-loader';
import { readNotebookFile } from '../../../main/core/notebook/notebook-file';
import { NbreviveHost } from '../../../main/host/host';
import { API, API_INVOKE_CHANNELS } from '../../../shared/contracts/api';
import { NbreviveError } from '../../../shared/lib/errors';
import { parseNotebook } from '../../../shared/lib/ipynb';

const FUZZ_MS = Number(process.env.FUZZ_MS ?? 3_000);
const options = { numRuns: 100_000, interruptAfterTimeLimit: FUZZ_MS, markInterruptAsFailure: false } as const;

let tmp: string;
let host: NbreviveHost;
const cwd = process.cwd();

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-fuzz-'));
  // relative paths a handler might resolve land in an empty folder, never in the checkout
  process.chdir(tmp);
  host = await NbreviveHost.start({ dbPath: path.join(tmp, 'fuzz.db'), worker: false, defaultConcurrency: 1 });
});

afterAll(async () => {
  process.chdir(cwd);
  await host?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** a failure is fine when it is typed: anything else (TypeError, RangeError …) is a crash in waiting */
function typedOrOk(run: () => unknown): void {
  try {
    run();
  } catch (e) {
    if (!(e instanceof NbreviveError)) throw e;
  }
}

async function typedOrOkAsync(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (!(e instanceof NbreviveError)) throw e;
  }
}

/** JSON shaped like a notebook, with every field sometimes of the wrong type */
const notebookish = fc.record(
  {
    nbformat: fc.oneof(fc.constantFrom(3, 4, 5), fc.jsonValue()),
    nbformat_minor: fc.oneof(fc.nat(10), fc.jsonValue()),
    metadata: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
    cells: fc.oneof(
      fc.array(
        fc.record(
          {
            cell_type: fc.oneof(fc.constantFrom('code', 'markdown', 'raw'), fc.string()),
            id: fc.oneof(fc.string(), fc.jsonValue()),
            source: fc.oneof(fc.string(), fc.array(fc.string()), fc.jsonValue()),
            metadata: fc.jsonValue(),
            outputs: fc.oneof(
              fc.array(
                fc.record(
                  {
                    output_type: fc.constantFrom('stream', 'error', 'execute_result', 'display_data', 'x'),
                    text: fc.jsonValue(),
                    data: fc.jsonValue(),
                    name: fc.string(),
                  },
                  { requiredKeys: [] },
                ),
              ),
              fc.jsonValue(),
            ),
            execution_count: fc.oneof(fc.nat(), fc.constant(null), fc.jsonValue()),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 8 },
      ),
      fc.jsonValue(),
    ),
    worksheets: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('notebook reader', () => {
  it('parseNotebook: random text, random JSON and notebook-shaped JSON parse or fail typed', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.json(),
          notebookish.map((n) => JSON.stringify(n)),
        ),
        (text) => {
          typedOrOk(() => parseNotebook(text));
        },
      ),
      options,
    );
  });

  it('readNotebookFile: random bytes on disk are read or refused typed', async () => {
    const file = path.join(tmp, 'fuzz.ipynb');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2_000 }),
          notebookish.map((n) => new TextEncoder().encode(JSON.stringify(n))),
        ),
        async (bytes) => {
          fs.writeFileSync(file, bytes);
          await typedOrOkAsync(() => readNotebookFile(file));
        },
      ),
      options,
    );
  });
});

describe('case loader', () => {
  const manifestish = fc.record(
    {
      id: fc.oneof(fc.string(), fc.jsonValue()),
      title: fc.oneof(fc.string(), fc.jsonValue()),
      notebook: fc.oneof(fc.constant('notebook.ipynb'), fc.string(), fc.jsonValue()),
      created: fc.oneof(fc.constantFrom('2017', '2017-03-14', 'x'), fc.jsonValue()),
      data: fc.oneof(
        fc.record(
          {
            dir: fc.string(),
            files: fc.dictionary(fc.string(), fc.string()),
            urls: fc.dictionary(fc.string(), fc.string()),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
      score: fc.oneof(
        fc.record(
          {
            kind: fc.constantFrom('output', 'submission', 'mlebench', 'none', 'x'),
            cellIndex: fc.integer(),
            pattern: fc.string(),
            occurrence: fc.constantFrom('first', 'last'),
            file: fc.string(),
            metric: fc.string(),
            answers: fc.string(),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      ),
      target: fc.oneof(
        fc.record({ value: fc.double(), higherIsBetter: fc.boolean() }, { requiredKeys: [] }),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  );

  it('loadCase: a random manifest (bytes, JSON, manifest-shaped) loads or fails typed', async () => {
    const root = path.join(tmp, 'case');
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(
      path.join(root, 'notebook.ipynb'),
      JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] }),
    );
    const manifest = path.join(root, 'nbrevive.case.json');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 1_000 }),
          fc.json().map((t) => new TextEncoder().encode(t)),
          manifestish.map((m) => new TextEncoder().encode(JSON.stringify(m))),
        ),
        async (bytes) => {
          fs.writeFileSync(manifest, bytes);
          await typedOrOkAsync(() => loadCase(root));
        },
      ),
      options,
    );
  });
});

describe('API channels', () => {
  // handlers that start processes (Python detection, the Docker engine) get their schemas fuzzed, not their work
  const SLOW = new Set(['app:runtimes.list', 'app:runtimes.check', 'app:runtimes.images']);
  const KEYS = [
    'jobId',
    'jobIds',
    'caseId',
    'caseIds',
    'index',
    'limit',
    'offset',
    'cursor',
    'status',
    'sort',
    'order',
    'query',
    'settings',
    'concurrency',
    'priority',
    'verdict',
    'note',
    'format',
    'path',
    'dir',
    'uploadId',
    'files',
    'finish',
    'defaults',
    'llm',
    'queue',
    'from',
    'to',
    'iteration',
    'kind',
    'since',
  ];
  // path-like values stay inside the fuzz folder: '/' would make app:cases.import scan the whole disk
  const value = (key: string) =>
    ['path', 'dir'].includes(key)
      ? fc.string({ maxLength: 20 }).map((s) => path.join(tmp, 'paths', s.replace(/\.\./g, '_')))
      : fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 3 }));
  const input = fc.oneof(
    fc.jsonValue(),
    fc
      .constantFrom(...KEYS)
      .chain((k) =>
        fc
          .dictionary(fc.constantFrom(...KEYS, k), fc.jsonValue(), { maxKeys: 4 })
          .chain((d) => value(k).map((v) => ({ ...d, [k]: v }))),
      ),
  );

  it('every invoke channel answers random JSON with a value or a typed error, never internal, never a throw', async () => {
    expect(API_INVOKE_CHANNELS.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_INVOKE_CHANNELS), input, async (channel, raw) => {
        if (SLOW.has(channel)) {
          const spec = API[channel] as { input: { safeParse(v: unknown): unknown } };
          spec.input.safeParse(raw);
          return;
        }
        const result = await host.dispatcher.dispatch(channel, raw);
        if (!result.ok) {
          expect(result.error.code, `${channel} ${JSON.stringify(raw)}: ${result.error.message}`).not.toBe('internal');
          expect(typeof result.error.message).toBe('string');
        }
      }),
      { ...options, interruptAfterTimeLimit: FUZZ_MS * 2 },
    );
  }, 60_000);
});

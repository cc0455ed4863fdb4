import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../../../../shared/models/execution';
import {
  RunnerEventParser,
  runnerArgs,
  runnerScriptPath,
  TailBuffer,
} from '../../../../../main/core/runtime/runner-protocol';

describe('RunnerEventParser', () => {
  it('parses events split across chunks, including multi-byte characters cut in half', () => {
    const events: RunnerEvent[] = [];
    const parser = new RunnerEventParser((e) => events.push(e));
    const bytes = Buffer.from(
      `${JSON.stringify({ type: 'stream', cellIndex: 0, name: 'stdout', text: 'héllo ✓\n' })}\n${JSON.stringify({ type: 'note', message: 'n' })}\n`,
    );
    for (let i = 0; i < bytes.length; i += 7) parser.push(bytes.subarray(i, i + 7));
    expect(events).toEqual([
      { type: 'stream', cellIndex: 0, name: 'stdout', text: 'héllo ✓\n' },
      { type: 'note', message: 'n' },
    ]);
  });

  it('reports lines that are not events and parses a last line without newline on end()', () => {
    const events: RunnerEvent[] = [];
    const invalid: string[] = [];
    const parser = new RunnerEventParser(
      (e) => events.push(e),
      (line, reason) => invalid.push(`${reason}|${line}`),
    );
    parser.push(Buffer.from('hello from a notebook\n{"type":"cell-started"}\n{"type":"note","message":"last"}'));
    expect(events).toEqual([]);
    parser.end();
    expect(events).toEqual([{ type: 'note', message: 'last' }]);
    expect(invalid[0]).toBe('not JSON|hello from a notebook');
    expect(invalid[1]?.endsWith('|{"type":"cell-started"}')).toBe(true);
  });
});

describe('runner invocation', () => {
  it('finds the runner script and builds its arguments', () => {
    expect(fs.existsSync(runnerScriptPath())).toBe(true);
    expect(runnerArgs({ notebookPath: '/j/nb.ipynb', cwd: '/j/working', eventsFd: 1, outputCap: 10 })).toEqual([
      '--notebook',
      '/j/nb.ipynb',
      '--cwd',
      '/j/working',
      '--events-fd',
      '1',
      '--output-cap',
      '10',
    ]);
    expect(runnerArgs({ notebookPath: 'nb.ipynb', cwd: 'w', eventsFd: 3, stopFd: 0 }).slice(-2)).toEqual([
      '--stop-fd',
      '0',
    ]);
  });

  it('TailBuffer keeps only the end', () => {
    const tail = new TailBuffer(5);
    for (const s of ['abc', 'defg', 'hij']) tail.push(s);
    expect(tail.toString()).toBe('fghij');
  });
});

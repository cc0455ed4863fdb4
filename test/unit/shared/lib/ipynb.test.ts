// The notebook model (shared/lib/ipynb): nbformat 3 upgrade, cell ids, what other tools stored, bad input. That
// serialize(parse(text)) is what nbformat itself writes is checked in ipynb-nbformat.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../helpers/errors';
import {
  cellSource,
  cellTextOutputs,
  codeCells,
  findCellIndexById,
  parseNotebook,
  serializeNotebook,
  stripOutputs,
  withCellSource,
} from '../../../../shared/lib/ipynb';
import { dumpsPython, parsePythonJson } from '../../../../shared/lib/ipynb-json';
import { NbreviveError } from '../../../../shared/lib/errors';
import type { Cell, Notebook } from '../../../../shared/models/notebook';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/notebooks');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('ipynb: nbformat 3 upgrade', () => {
  const nb = parseNotebook(fixture('v3-legacy.ipynb'));
  it('flattens worksheets into nbformat 4.5 cells with ids', () => {
    expect(nb.nbformat).toBe(4);
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.cells.map((c) => c.cell_type)).toEqual(['markdown', 'markdown', 'code', 'code', 'markdown', 'raw']);
    expect(nb.cells.every((c) => /^[0-9a-f]{8}$/.test(c.id ?? ''))).toBe(true);
    expect(new Set(nb.cells.map((c) => c.id)).size).toBe(nb.cells.length);
    expect(nb).not.toHaveProperty('worksheets');
    expect(nb.metadata).toEqual({ language: 'python' });
  });
  it('turns heading cells into markdown headings on one line', () => {
    expect(cellSource(nb.cells[0]!)).toBe('## Titanic: a first look');
    expect(nb.cells[4]!.source).toBe('<b>bold</b>');
  });
  it('moves input, prompt_number and collapsed, and joins split lines as v3 did', () => {
    const code = nb.cells[2]!;
    expect(code.source).toBe("import pandas as pd\ndf = pd.read_csv('../input/train.csv')\nprint df.shape\ndf.head()");
    expect(code.execution_count).toBe(3);
    expect(code.metadata).toEqual({ collapsed: false });
    expect(code).not.toHaveProperty('language');
    // lines written by splitlines() (no line ends) are joined with '\n'
    expect(nb.cells[3]!.source).toBe('x = 1\ny = 2');
    expect(nb.cells[3]!.execution_count).toBeNull();
  });
  it('upgrades outputs: pyout, pyerr, stream names and mime-type keys', () => {
    const [stream, result] = nb.cells[2]!.outputs!;
    expect(stream).toEqual({ output_type: 'stream', name: 'stdout', text: '(891, 12)\n' });
    expect(result).toEqual({
      output_type: 'execute_result',
      execution_count: 3,
      metadata: { 'image/png': { width: 300 } },
      data: { 'text/plain': '   PassengerId\n0            1', 'text/html': '<table>\n<tr><td>1</td></tr>\n</table>' },
    });
    const [error, stream2, display] = nb.cells[3]!.outputs!;
    expect(error).toMatchObject({ output_type: 'error', ename: 'NameError' });
    expect(stream2).toEqual({ output_type: 'stream', name: 'stdout', text: 'warning\n' });
    expect(display!.data).toEqual({
      'application/json': { a: 1, b: [1, 2.5] },
      'text/latex': '$x^2$',
      'image/png': 'iVBORw0KGgo=\n',
    });
    expect(serializeNotebook(nb)).toContain('"a": 1.0');
  });
});

describe('ipynb: cell ids', () => {
  it('are deterministic: the same file always gets the same ids', () => {
    const text = fixture('floats.ipynb');
    expect(parseNotebook(text).cells.map((c) => c.id)).toEqual(parseNotebook(text).cells.map((c) => c.id));
    const v3 = fixture('v3-legacy.ipynb');
    expect(serializeNotebook(parseNotebook(v3))).toBe(serializeNotebook(parseNotebook(v3)));
  });
  it('are added with nbformat_minor 5, or left out on request for 4.0-4.4', () => {
    const text = fixture('unknown-metadata.ipynb');
    const withIds = parseNotebook(text);
    expect(withIds.nbformat_minor).toBe(5);
    expect(withIds.cells.every((c) => typeof c.id === 'string')).toBe(true);
    const without = parseNotebook(text, { addCellIds: false });
    expect(without.nbformat_minor).toBe(2);
    expect(without.cells.some((c) => 'id' in c)).toBe(false);
  });
  it('keeps existing ids and repairs duplicates and missing ones in 4.5 notebooks', () => {
    const nb = parseNotebook(fixture('unicode.ipynb'), { addCellIds: false });
    const ids = nb.cells.map((c) => c.id);
    expect(ids[0]).toBe('same');
    expect(ids[1]).toMatch(/^[0-9a-f]{8}$/);
    expect(ids[2]).toMatch(/^[0-9a-f]{8}$/);
    expect(new Set(ids).size).toBe(3);
  });
  it('differ for identical cells at different positions', () => {
    const cell = { cell_type: 'code', metadata: {}, source: 'x', outputs: [], execution_count: null };
    const nb = parseNotebook(
      JSON.stringify({ nbformat: 4, nbformat_minor: 4, metadata: {}, cells: [cell, cell, cell] }),
    );
    expect(new Set(nb.cells.map((c) => c.id)).size).toBe(3);
    expect(findCellIndexById(nb, nb.cells[2]!.id!)).toBe(2);
    expect(findCellIndexById(nb, 'nope')).toBe(-1);
  });
});

describe('ipynb: preserving what other tools stored', () => {
  const nb = parseNotebook(fixture('unknown-metadata.ipynb'));
  it('keeps unknown keys and metadata, drops only transient values', () => {
    expect(nb['x-custom-top']).toEqual({ keep: [1, 2, { deep: null }] });
    expect(nb.metadata.toc).toEqual({
      nav_menu: { height: '264px', width: '252px' },
      number_sections: true,
      threshold: 4,
    });
    expect(nb.metadata).not.toHaveProperty('signature');
    expect(nb.metadata).not.toHaveProperty('orig_nbformat');
    expect(nb.cells[0]!.metadata).toEqual({ tags: ['intro'] });
    expect(nb.cells[1]!['x-cell-extra']).toBe('kept');
    expect(nb.cells[1]!.metadata).toEqual({ scrolled: true, 'x-unknown': { n: 1000 } });
  });
  it('joins text mime bundles but never JSON ones', () => {
    const data = nb.cells[1]!.outputs![1]!.data!;
    expect(data['text/plain']).toBe("{'k': 1}");
    expect(data['image/png']).toBe('AAAABBBB');
    expect(data['application/vnd.custom+json']).toEqual(['a', 'b']);
    expect(nb.cells[0]!.attachments).toEqual({
      'image.png': { 'image/png': 'iVBORw0KGgo=', 'text/plain': 'line one\nline two' },
    });
  });
  it('writes integral floats back as floats, even after a cell is edited', () => {
    const text = serializeNotebook(nb);
    expect(text).toContain('"threshold": 4.0');
    expect(text).toContain('"n": 1000.0');
    const edited: Notebook = { ...nb, cells: nb.cells.map((c, k) => (k === 1 ? withCellSource(c, 'b = 2\n') : c)) };
    const out = serializeNotebook(edited);
    expect(out).toContain('"n": 1000.0');
    expect(out).toContain('"b = 2\\n"');
    expect(nb.cells[1]!.source).toBe("a = {'k': 1}\nprint(a)\n");
  });
  it('writes numbers exactly as Python does', () => {
    const out = serializeNotebook(parseNotebook(fixture('floats.ipynb')));
    for (const expected of [
      '"one_float": 1.0',
      '"neg_zero": -0.0',
      '"neg_int_zero": 0',
      '"big_float": 1e+16',
      '"below_big": 1000000000000000.0',
      '"smaller": 1e-05',
      '"huge_int": 123456789012345678901234567890',
      '"overflow": Infinity',
      '"nan": NaN',
      '"ninf": -Infinity',
      '"upper_e": 2500.0',
      '"long_digits": 0.1',
      '"safe": 9007199254740993',
      '"int_as_float": 1.2345678901234568e+16',
    ]) {
      expect(out).toContain(expected);
    }
  });
  it('serializing does not change the notebook', () => {
    const before = JSON.stringify(nb);
    serializeNotebook(nb);
    expect(JSON.stringify(nb)).toBe(before);
    expect(typeof nb.cells[1]!.source).toBe('string');
  });
});

describe('ipynb: bad input', () => {
  const error = (text: string, source?: string): NbreviveError =>
    thrown(() => parseNotebook(text, source ? { source } : {}));
  it('not JSON', () => {
    const e = error('{"nbformat": 4,\n "cells": [}', 'x.ipynb');
    expect(e.code).toBe('not-json');
    expect(e.message).toBe(
      "x.ipynb is not a Jupyter notebook: it is not valid JSON (expected a value, found '}' at line 2, column 12); check that it is a complete .ipynb file",
    );
    expect(error('   ').message).toBe(
      'the notebook text is not a Jupyter notebook: it is not valid JSON (it is empty); check that it is a complete .ipynb file',
    );
    expect(error('{"a": 1} extra').message).toContain("unexpected 'e' after the JSON value at line 1, column 10");
    expect(error('{"a": "tab\there"}').message).toContain('invalid control character in string');
    expect(error('['.repeat(5000)).message).toContain('nested more than 1000 levels deep at line 1, column 1001');
  });
  it('JSON that is not a notebook', () => {
    const shape = '(an .ipynb notebook is a JSON object with "nbformat", "metadata" and "cells")';
    expect(error('[1, 2]', 'a.json').message).toBe(
      `a.json is not a Jupyter notebook: the JSON is a list, not an object ${shape}`,
    );
    expect(error('{"name": "package"}', 'package.json').message).toBe(
      `package.json is not a Jupyter notebook: it has no "nbformat" field ${shape}`,
    );
    expect(error('{"nbformat": "4"}').code).toBe('not-a-notebook');
    expect(error('{"nbformat": 4, "nbformat_minor": 2, "metadata": {}}', 'n.ipynb').message).toBe(
      `n.ipynb is not a Jupyter notebook: cells is missing ${shape}`,
    );
    const badCell = JSON.stringify({
      nbformat: 4,
      nbformat_minor: 2,
      metadata: {},
      cells: [{ cell_type: 'code', metadata: {}, outputs: [] }],
    });
    expect(error(badCell, 'n.ipynb').message).toBe(
      `n.ipynb is not a Jupyter notebook: cells[0].source is missing ${shape}`,
    );
    expect(error('{"nbformat": 3, "worksheets": 7}').code).toBe('not-a-notebook');
  });
  it('unsupported nbformat', () => {
    const v2 = error('{"nbformat": 2, "worksheets": []}', 'old.ipynb');
    expect(v2.code).toBe('unsupported-nbformat');
    expect(v2.message).toBe(
      'old.ipynb uses nbformat 2, which nbrevive cannot read (it reads nbformat 3 and 4): open it in Jupyter and save it (or run `jupyter nbconvert --to notebook --inplace FILE`) to upgrade it to nbformat 4',
    );
    const v5 = error('{"nbformat": 5, "cells": []}', 'new.ipynb');
    expect(v5.code).toBe('unsupported-nbformat');
    expect(v5.message).toBe(
      'new.ipynb uses nbformat 5, which nbrevive cannot read (it reads nbformat 3 and 4): save it as nbformat 4 from the tool that wrote it',
    );
  });
  it('a byte order mark is tolerated', () => {
    expect(parseNotebook('\uFEFF' + fixture('floats.ipynb')).cells).toHaveLength(1);
  });
});

describe('ipynb: helpers', () => {
  const code = (outputs: unknown[], source: string | string[] = 'x'): Cell =>
    ({ cell_type: 'code', metadata: {}, source, outputs, execution_count: 1 }) as Cell;
  it('cellTextOutputs: stream and text/plain in order, each from a new line', () => {
    const cell = code([
      { output_type: 'stream', name: 'stdout', text: 'a\nb' },
      {
        output_type: 'execute_result',
        execution_count: 1,
        metadata: {},
        data: { 'text/plain': ['0.85'], 'text/html': '<b>0.85</b>' },
      },
      { output_type: 'error', ename: 'E', evalue: 'v', traceback: ['tb'] },
      { output_type: 'display_data', metadata: {}, data: { 'image/png': 'AAA' } },
      { output_type: 'stream', name: 'stderr', text: 'warn\n' },
      { output_type: 'display_data', metadata: {}, data: { 'text/plain': 'Figure' } },
    ]);
    expect(cellTextOutputs(cell)).toBe('a\nb\n0.85\nwarn\nFigure');
    expect(cellTextOutputs({ cell_type: 'markdown', metadata: {}, source: '' })).toBe('');
  });
  it('cellSource joins lists; codeCells counts markdown in indexes', () => {
    expect(cellSource(code([], ['a\n', 'b']))).toBe('a\nb');
    const nb = parseNotebook(fixture('v3-legacy.ipynb'));
    expect(codeCells(nb).map((c) => c.index)).toEqual([2, 3]);
  });
  it('stripOutputs clears outputs and counts without touching the original', () => {
    const nb = parseNotebook(fixture('unknown-metadata.ipynb'));
    const stripped = stripOutputs(nb);
    expect(stripped.cells[1]).toMatchObject({ outputs: [], execution_count: null, id: nb.cells[1]!.id });
    expect(nb.cells[1]!.outputs).toHaveLength(3);
    expect(serializeNotebook(stripped)).toContain('"n": 1000.0');
  });
  it('dumpsPython/parsePythonJson round-trip plain values', () => {
    expect(dumpsPython(parsePythonJson('{"b": [], "a": {}, "c": [1, {"d": "\\u0007"}]}'))).toBe(
      '{\n "a": {},\n "b": [],\n "c": [\n  1,\n  {\n   "d": "\\u0007"\n  }\n ]\n}',
    );
    expect(Object.getPrototypeOf(parsePythonJson('{"__proto__": {"x": 1}}'))).toBe(Object.prototype);
    // a lone surrogate cannot be written as UTF-8 (Python's nbformat.write fails on it); we keep it escaped
    expect(dumpsPython(parsePythonJson('["\\ud800", "\\u2028\\u007f"]'))).toBe('[\n "\\ud800",\n "\u2028\u007f"\n]');
  });
});

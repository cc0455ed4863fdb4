// nbformat 3 notebooks upgraded to 4 the way nbformat does it (v3/rwbase.py rejoin_lines, v4/convert.py upgrade):
// worksheets flattened, multiline fields joined, headings become markdown, outputs get v4's MIME keys; ipynb.ts
// calls this on import.
import { parsePythonJson } from './ipynb-json';
import { splitLines } from './text';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** v3's join: lines written by splitlines(True) are concatenated, lines from splitlines() joined with '\n'. */
function joinLinesV3(lines: unknown[]): string {
  const strings = lines.map(String);
  const first = strings[0];
  return first !== undefined && (first.endsWith('\n') || first.endsWith('\r')) ? strings.join('') : strings.join('\n');
}

const V3_MULTILINE_OUTPUT_KEYS = ['text', 'html', 'svg', 'latex', 'javascript', 'json'];
const V3_MIME_ALIASES: [string, string][] = [
  ['text', 'text/plain'],
  ['html', 'text/html'],
  ['svg', 'image/svg+xml'],
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['latex', 'text/latex'],
  ['json', 'application/json'],
  ['javascript', 'application/javascript'],
];

function toMimeKeys(d: Json): void {
  for (const [alias, mime] of V3_MIME_ALIASES) {
    if (alias in d) {
      d[mime] = d[alias];
      delete d[alias];
    }
  }
}

function upgradeOutputV3(output: Json): Json {
  if (output.output_type === 'pyout' || output.output_type === 'display_data') {
    if (!isObject(output.metadata)) output.metadata = {};
    if (output.output_type === 'pyout') {
      output.output_type = 'execute_result';
      output.execution_count = output.prompt_number ?? null;
      delete output.prompt_number;
    }
    const data: Json = {};
    for (const key of Object.keys(output)) {
      if (key === 'output_type' || key === 'execution_count' || key === 'metadata') continue;
      data[key] = output[key];
      delete output[key];
    }
    toMimeKeys(data);
    output.data = data;
    toMimeKeys(output.metadata as Json);
    // v3 stored JSON output as a string
    if (typeof data['application/json'] === 'string')
      data['application/json'] = parsePythonJson(data['application/json']);
  } else if (output.output_type === 'pyerr') {
    output.output_type = 'error';
  } else if (output.output_type === 'stream') {
    output.name = output.stream ?? 'stdout';
    delete output.stream;
  }
  return output;
}

function upgradeCellV3(cell: Json): Json {
  if (!isObject(cell.metadata)) cell.metadata = {};
  const metadata = cell.metadata as Json;
  if (cell.cell_type === 'code') {
    delete cell.language;
    if ('collapsed' in cell) {
      metadata.collapsed = cell.collapsed;
      delete cell.collapsed;
    }
    cell.source = cell.input ?? '';
    delete cell.input;
    cell.execution_count = cell.prompt_number ?? null;
    delete cell.prompt_number;
    cell.outputs = Array.isArray(cell.outputs) ? cell.outputs.map((o) => (isObject(o) ? upgradeOutputV3(o) : o)) : [];
  } else if (cell.cell_type === 'heading') {
    cell.cell_type = 'markdown';
    const level = typeof cell.level === 'number' ? cell.level : 1;
    delete cell.level;
    const text = typeof cell.source === 'string' ? cell.source : '';
    cell.source = `${'#'.repeat(level)} ${splitLines(text, false).join(' ')}`;
  } else if (cell.cell_type === 'html') {
    cell.cell_type = 'markdown';
  }
  return cell;
}

export function upgradeV3(raw: Json, invalid: (reason: string) => Error): Json {
  const worksheets = raw.worksheets ?? [];
  if (
    !Array.isArray(worksheets) ||
    !worksheets.every((ws) => isObject(ws) && Array.isArray(ws.cells) && ws.cells.every(isObject))
  ) {
    throw invalid('its "worksheets" are not a list of {"cells": [...]} objects as nbformat 3 requires');
  }
  const cells: Json[] = [];
  for (const ws of worksheets as { cells: Json[] }[]) {
    for (const cell of ws.cells) {
      // v3 rejoin_lines
      if (cell.cell_type === 'code') {
        if (Array.isArray(cell.input)) cell.input = joinLinesV3(cell.input);
        for (const output of Array.isArray(cell.outputs) ? cell.outputs : []) {
          if (!isObject(output)) continue;
          for (const key of V3_MULTILINE_OUTPUT_KEYS)
            if (Array.isArray(output[key])) output[key] = joinLinesV3(output[key]);
        }
      } else {
        for (const key of ['source', 'rendered']) if (Array.isArray(cell[key])) cell[key] = joinLinesV3(cell[key]);
      }
      cells.push(upgradeCellV3(cell));
    }
  }
  delete raw.worksheets;
  delete raw.orig_nbformat;
  delete raw.orig_nbformat_minor;
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  delete metadata.name;
  delete metadata.signature;
  raw.metadata = metadata;
  raw.nbformat = 4;
  raw.nbformat_minor = 5;
  raw.cells = cells;
  return raw;
}

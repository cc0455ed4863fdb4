// Builds the chat prompt for one fix from the templates in resources/prompts and the feedback of docs/architecture.md
// (problem, first failing cell's traceback without ANSI codes, other errors one line each, runtime vs limit, s_r vs
// s_t, the notebook's date, package versions, fixes already tried), fitted to the model's context with a real
// tokenizer: outputs trimmed, tracebacks kept, and in the cells format long unchanged cells far from the problem
// elided.
import fs from 'node:fs';
import path from 'node:path';
import type { CellError } from '../../../../shared/models/execution';
import type { LlmFormat, LlmSettings } from '../../../../shared/models/llm';
import type { FixType, Problem } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import { NbreviveError } from '../../../../shared/lib/errors';
import type { FixContext } from '../fixer';
import { cellSource } from '../../../../shared/lib/ipynb';
import { firstLine, stripAnsi } from '../../../../shared/lib/text';
import { countMessages, type TokenCounter } from './tokens';
import { primaryError } from './cell-errors';
import { cellsView, focusCells, notebookView } from './prompt-cells';

export { primaryError };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** the LLM answers each problem with its own fix type (an `environment` fix comes from the rules alone) */
export const FIX_TYPE_FOR_PROBLEM: Record<Problem, Exclude<FixType, 'environment'>> = {
  error: 'error-repair',
  timeout: 'runtime-reduction',
  'score-deviation': 'score-calibration',
};

export const DEFAULT_PROMPTS_DIR = path.resolve(import.meta.dirname, '../../../../resources/prompts');

const TEMPLATE_NAMES = [
  'system',
  'error-repair',
  'runtime-reduction',
  'score-calibration',
  'answer-cells',
  'answer-notebook',
  'reask',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type Templates = Record<TemplateName, string>;

const templateCache = new Map<string, Templates>();

export function loadTemplates(dir: string = DEFAULT_PROMPTS_DIR): Templates {
  let templates = templateCache.get(dir);
  if (!templates) {
    const entries = TEMPLATE_NAMES.map((name) => {
      const file = path.join(dir, `${name}.md`);
      if (!fs.existsSync(file)) {
        throw new NbreviveError(
          'internal',
          `the prompt template ${file} is missing; reinstall nbrevive or fix promptsDir`,
        );
      }
      return [name, fs.readFileSync(file, 'utf8').trim()] as const;
    });
    templates = Object.fromEntries(entries) as Templates;
    templateCache.set(dir, templates);
  }
  return templates;
}

/** Replaces every `{{name}}`; a placeholder without a value is a bug in a template, reported as such. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new NbreviveError('internal', `prompt template placeholder {{${name}}} has no value`);
    return value;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Feedback sections

/** Traceback text without ANSI codes; when longer than maxLines, the head and the tail (where the cause is). */
export function tracebackText(error: CellError, maxLines = 60): string {
  const lines = stripAnsi(error.traceback.join('\n')).split('\n');
  if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) return `${error.ename}: ${error.evalue}`;
  if (lines.length <= maxLines) return lines.join('\n');
  const head = Math.min(8, Math.floor(maxLines / 4));
  const tail = maxLines - head;
  return [
    ...lines.slice(0, head),
    `… (${lines.length - maxLines} traceback lines left out) …`,
    ...lines.slice(-tail),
  ].join('\n');
}

function errorLine(error: CellError): string {
  const pre = error.authorNeverRan
    ? ' (the author never ran this cell; it is not Python)'
    : error.preExisting
      ? ' (the author’s notebook had this error too)'
      : '';
  return `- cell ${error.cellIndex}: ${error.ename}: ${firstLine(stripAnsi(error.evalue), 160)}${pre}`;
}

function errorsList(errors: CellError[], except: CellError | null, max = 20): string {
  const rest = errors.filter((error) => error !== except).sort((a, b) => a.cellIndex - b.cellIndex);
  if (rest.length === 0) return '(none)';
  const shown = rest.slice(0, max).map(errorLine);
  if (rest.length > max) shown.push(`- … and ${rest.length - max} more`);
  return shown.join('\n');
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function runtimeText(ctx: FixContext): string {
  const { report } = ctx;
  const status = report.status === 'timeout' ? 'it was stopped at the limit' : `status ${report.status}`;
  const message = report.message ? `; ${firstLine(report.message, 300)}` : '';
  return `Wall time ${seconds(report.wallTimeMs)} of a ${seconds(report.timeoutMs)} limit (${status}${message}).`;
}

function slowCellsText(ctx: FixContext): string {
  const slow = [...ctx.report.cells].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5);
  if (slow.length === 0) return '(no cell timings)';
  return slow.map((cell) => `- cell ${cell.cellIndex}: ${seconds(cell.durationMs)} (${cell.status})`).join('\n');
}

function scoreText(ctx: FixContext): string {
  const { verdict, case: c } = ctx;
  if (c.score.kind === 'none') return 'The notebook has no score: it is judged on running without errors.';
  const target = c.target;
  const targetText = target
    ? `target s_t = ${target.value}${target.metric ? ` (${target.metric})` : ''}, ` +
      `${target.higherIsBetter ? 'higher' : 'lower'} is better, tolerance ` +
      `±${((target.tolerance ?? 0.1) * 100).toFixed(0)}%`
    : 'no target score is known';
  if (verdict.score === null) {
    const why = ctx.report.scoreNote ? `: ${ctx.report.scoreNote}` : '';
    return `Score: the run produced no score${why}; ${targetText}.`;
  }
  const deviation =
    verdict.relativeDeviation === null ? '' : `, deviation ${(verdict.relativeDeviation * 100).toFixed(2)}%`;
  const runs =
    ctx.report.scores.length > 1 ? ` (mean of ${ctx.report.scores.length} runs: ${ctx.report.scores.join(', ')})` : '';
  return `Score: s_r = ${verdict.score}${runs}; ${targetText}${deviation}.`;
}

/** Import name → distribution name where they differ. */
const DISTRIBUTION_OF: Record<string, string> = {
  sklearn: 'scikit-learn',
  cv2: 'opencv-python',
  PIL: 'pillow',
  skimage: 'scikit-image',
  yaml: 'pyyaml',
  bs4: 'beautifulsoup4',
  mpl_toolkits: 'matplotlib',
  dateutil: 'python-dateutil',
  Levenshtein: 'python-levenshtein',
  tf: 'tensorflow',
};
const STDLIB = new Set(
  (
    'os sys re math time datetime json csv collections itertools functools random warnings string pickle ' +
    'gc glob subprocess operator copy io pathlib typing statistics zipfile urllib shutil tempfile logging ' +
    'argparse heapq bisect hashlib uuid decimal fractions textwrap pprint time timeit multiprocessing ' +
    'threading concurrent queue struct array enum dataclasses abc contextlib inspect traceback ' +
    'unicodedata codecs base64 gzip bz2 lzma tarfile sqlite3 calendar locale platform socket http email ' +
    'html xml numbers cmath __future__ builtins ast dis'
  ).split(' '),
);
const CORE_PACKAGES = ['numpy', 'pandas', 'scikit-learn', 'scipy', 'matplotlib', 'seaborn'];

function normalizeDist(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** Top-level modules a notebook imports (`import a.b`, `from a import b`), in order of appearance. */
export function importedModules(notebook: Notebook): string[] {
  const modules = new Set<string>();
  for (const cell of notebook.cells) {
    if (cell.cell_type !== 'code') continue;
    for (const line of cellSource(cell).split('\n')) {
      const from = /^\s*from\s+([A-Za-z_]\w*)/.exec(line);
      if (from?.[1]) modules.add(from[1]);
      const imp = /^\s*import\s+(.+)$/.exec(line);
      if (imp?.[1]) {
        for (const part of imp[1].split(',')) {
          const name = /^\s*([A-Za-z_]\w*)/.exec(part)?.[1];
          if (name) modules.add(name);
        }
      }
    }
  }
  return [...modules];
}

/** Versions of the packages the notebook imports (and the core stack), and the imported ones not installed. */
export function packagesText(ctx: FixContext, maxOthers = 0): string {
  const installed = new Map(
    Object.entries(ctx.environment.packages).map(([name, version]) => [normalizeDist(name), { name, version }]),
  );
  const relevant = new Set<string>(CORE_PACKAGES.map(normalizeDist));
  const missing: string[] = [];
  for (const module of importedModules(ctx.notebook)) {
    if (STDLIB.has(module)) continue;
    const dist = normalizeDist(DISTRIBUTION_OF[module] ?? module);
    if (installed.has(dist)) relevant.add(dist);
    else missing.push(module);
  }
  const lines = [`python ${ctx.environment.python}`];
  for (const dist of relevant) {
    const found = installed.get(dist);
    if (found) lines.push(`${found.name}==${found.version}`);
  }
  const others = [...installed.keys()].filter((dist) => !relevant.has(dist)).sort();
  if (maxOthers > 0) {
    for (const dist of others.slice(0, maxOthers)) {
      const found = installed.get(dist);
      if (found) lines.push(`${found.name}==${found.version}`);
    }
  }
  const hidden = others.length - Math.min(maxOthers, others.length);
  let text = lines.join(', ');
  if (hidden > 0) text += ` (and ${hidden} other installed packages)`;
  if (missing.length > 0) text += `\nImported by the notebook but NOT installed: ${missing.join(', ')}`;
  return text;
}

function historyText(ctx: FixContext, maxEntries = 8): string {
  if (ctx.history.length === 0) return '(none yet)';
  const entries = ctx.history.slice(-maxEntries).map((entry) => {
    const { fix } = entry;
    const by = fix.source === 'rules' && fix.ruleIds.length > 0 ? `rules ${fix.ruleIds.join(', ')}` : fix.source;
    const cells = fix.edits.map((edit) => edit.cellIndex).join(', ') || 'none';
    const result = entry.failed ? 'FAILED: it did not help, do not repeat it' : 'applied';
    return (
      `- iteration ${entry.iteration}, ${fix.type} by ${by}, ` +
      `cells ${cells}: ${firstLine(fix.plan, 300)} → ${result}`
    );
  });
  const skipped = ctx.history.length - entries.length;
  return (skipped > 0 ? [`- (${skipped} earlier fixes not shown)`, ...entries] : entries).join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// The prompt

export interface BuiltPrompt {
  messages: ChatMessage[];
  promptTokens: number;
  fixType: FixType;
  format: LlmFormat;
  /** cells shown in full / as one elided line */
  shownCells: number[];
  elidedCells: number[];
  /** the cell the problem points at first, when any */
  primaryCell: number | null;
}

export type PromptSettings = Pick<LlmSettings, 'format' | 'contextTokens' | 'maxTokens' | 'neighbourCells'>;

/** The system and user messages for one fix, fitted to `contextTokens − maxTokens`. */
export function buildPrompt(
  ctx: FixContext,
  settings: PromptSettings,
  counter: TokenCounter,
  templates: Templates = loadTemplates(),
): BuiltPrompt {
  const fixType = FIX_TYPE_FOR_PROBLEM[ctx.problem];
  const budget = settings.contextTokens - settings.maxTokens;
  if (budget <= 500) {
    throw new NbreviveError(
      'llm-error',
      `the LLM context size (${settings.contextTokens} tokens) leaves no room for a prompt ` +
        `after ${settings.maxTokens} answer tokens: raise contextTokens or lower maxTokens`,
    );
  }
  const primary = primaryError(ctx.report.errors);
  const focus = focusCells(ctx);
  const values = (tight: boolean, notebook: string): Record<string, string> => ({
    date: ctx.case.created ?? 'an unknown date',
    cell_index: primary ? String(primary.cellIndex) : '?',
    traceback: primary ? tracebackText(primary, tight ? 30 : 80) : '(no traceback)',
    other_errors: errorsList(ctx.report.errors, primary, tight ? 8 : 20),
    errors: errorsList(ctx.report.errors, null, tight ? 8 : 20),
    runtime: runtimeText(ctx),
    slow_cells: slowCellsText(ctx),
    score: scoreText(ctx),
    packages: packagesText(ctx, tight ? 0 : 25),
    history: historyText(ctx, tight ? 4 : 8),
    notebook,
    answer_format: settings.format === 'cells' ? templates['answer-cells'] : templates['answer-notebook'],
  });
  const system = templates.system;
  let tight = false;
  const frameTokens = (): number =>
    countMessages(counter, [{ content: system }, { content: fillTemplate(templates[fixType], values(tight, '')) }]);
  let frame = frameTokens();
  if (frame > budget / 2) {
    tight = true;
    frame = frameTokens();
  }
  const notebookBudget = budget - frame;
  const view =
    settings.format === 'cells'
      ? cellsView(ctx, counter, notebookBudget, settings.neighbourCells)
      : notebookView(ctx, counter, notebookBudget);
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: fillTemplate(templates[fixType], values(tight, view.text)) },
  ];
  const promptTokens = countMessages(counter, messages);
  if (promptTokens > budget) {
    const hint =
      settings.format === 'notebook' ? 'use the cells format or a model with a larger context' : 'raise contextTokens';
    throw new NbreviveError(
      'llm-error',
      `the prompt for this notebook needs ${promptTokens} tokens, more than the ${budget} the context ` +
        `size (${settings.contextTokens}) leaves after ${settings.maxTokens} answer tokens: ${hint}`,
    );
  }
  return {
    messages,
    promptTokens,
    fixType,
    format: settings.format,
    shownCells: view.shown,
    elidedCells: view.elided,
    primaryCell: focus[0] ?? null,
  };
}

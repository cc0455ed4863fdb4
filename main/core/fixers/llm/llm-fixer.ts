// The LLM fixer: fix memory first ($0), then one prompt for the problem's fix type, the answer read in either
// format and validated, one re-ask with the validation error when it is unusable; usage and cost charged to the
// budget per call; semantic-change flags, the error signature, line rewrites (for fix memory) and the whole
// transcript kept on the fix for review.
import { NbreviveError } from '../../../../shared/lib/errors';
import { costUsd, priceFor, type LlmSettings, type LlmSettingsInput } from '../../../../shared/models/llm';
import type { CellEdit, Fix, TranscriptMessage, Usage } from '../../../../shared/models/loop';
import type { FixContext, Fixer } from '../fixer';
import { AnswerError, CELL_EDITS_JSON_SCHEMA, parseAnswer, validateEdits, type ParsedAnswer } from './answer';
import type { Budget } from './budget';
import { errorSignature, lineRewrites, MemoryFixer, type FixMemory } from './memory';
import { buildPrompt, fillTemplate, loadTemplates, primaryError, type ChatMessage, type Templates } from './prompt';
import { LlmClient, resolveLlmSettings, type ChatResult } from './provider';
import { pythonCompileCheck, treeSitterSyntaxCheck, type SyntaxChecker } from './python-syntax';
import { semanticFlags } from './semantic-flags';
import { countMessages, loadTokenizer, tokenizerFor, type TokenCounter } from './tokens';

export interface LlmFixerOptions {
  /** remembered fixes are offered before a new call; null: no memory */
  memory?: FixMemory | null;
  /** the job's budget (a child of the corpus budget); null: no cap */
  budget?: Budget | null;
  /** syntax check of edited code cells; default: the local runtime's Python, else tree-sitter; null turns it off */
  checkSyntax?: SyntaxChecker | null;
  /** folder of the prompt templates (default resources/prompts) */
  promptsDir?: string;
  /** progress lines (retries, fallbacks, re-asks), never with the key */
  onLog?: (message: string) => void;
}

export interface LlmFailure {
  reason: string;
  usage: Usage;
  transcript: TranscriptMessage[];
}

const ZERO: Usage = { promptTokens: 0, completionTokens: 0, costUsd: 0 };

function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    costUsd: a.costUsd + b.costUsd,
  };
}

function sameEdits(a: CellEdit[], b: CellEdit[]): boolean {
  const key = (edits: CellEdit[]): string => JSON.stringify([...edits].sort((x, y) => x.cellIndex - y.cellIndex));
  return key(a) === key(b);
}

export class LlmFixer implements Fixer {
  readonly name = 'llm' as const;
  readonly settings: LlmSettings;
  readonly client: LlmClient;
  readonly memoryFixer: MemoryFixer | null;
  /** why the last propose() returned null after calling the model, with what it cost */
  lastFailure: LlmFailure | null = null;
  /** everything this fixer spent */
  usage: Usage = { ...ZERO };
  private readonly budget: Budget | null;
  private readonly checkSyntax: SyntaxChecker | null | undefined;
  private readonly templates: Templates;
  private readonly log: (message: string) => void;

  constructor(settings: LlmSettings, options: LlmFixerOptions = {}) {
    this.settings = settings;
    this.log = options.onLog ?? (() => undefined);
    this.client = new LlmClient(settings, { onLog: this.log });
    this.memoryFixer = options.memory ? new MemoryFixer(options.memory) : null;
    this.budget = options.budget ?? null;
    this.checkSyntax = options.checkSyntax;
    this.templates = loadTemplates(options.promptsDir);
  }

  async propose(ctx: FixContext): Promise<Fix | null> {
    this.lastFailure = null;
    const remembered = await this.memoryFixer?.propose(ctx);
    if (remembered) {
      this.log(`fix memory: reusing a verified fix for ${remembered.signature}`);
      return remembered;
    }
    const counter = await loadTokenizer(tokenizerFor(this.settings));
    const prompt = buildPrompt(ctx, this.settings, counter, this.templates);
    const messages: ChatMessage[] = [...prompt.messages];
    const transcript: TranscriptMessage[] = [...prompt.messages];
    let usage: Usage = { ...ZERO };
    let reason = '';
    for (let ask = 1; ask <= 2; ask++) {
      const result = await this.call(messages, counter, ctx.signal);
      usage = addUsage(usage, result.usage);
      transcript.push({ role: 'assistant', content: result.chat.content });
      try {
        const parsed = this.read(result.chat, ctx);
        const { edits } = await validateEdits(parsed.edits, ctx.notebook, this.syntaxChecker(ctx));
        const repeated = ctx.history.find((entry) => entry.failed && sameEdits(entry.fix.edits, edits));
        if (repeated) {
          throw new AnswerError(
            `this is the same change as the fix of iteration ` +
              `${repeated.iteration}, which did not help; propose a different fix`,
          );
        }
        return this.fix(ctx, prompt.fixType, parsed, edits, usage, transcript);
      } catch (e) {
        if (!(e instanceof AnswerError)) throw e;
        reason = e.message;
        this.log(`the model's answer ${ask === 1 ? 'is unusable, asking again' : 'is unusable again'}: ${reason}`);
        const reask = fillTemplate(this.templates.reask, { error: reason });
        messages.push({ role: 'assistant', content: result.chat.content }, { role: 'user', content: reask });
        transcript.push({ role: 'user', content: reask });
      }
    }
    this.lastFailure = { reason, usage, transcript };
    return null;
  }

  private syntaxChecker(ctx: FixContext): SyntaxChecker | null {
    if (this.checkSyntax !== undefined) return this.checkSyntax;
    const { runtime, pythonPath } = ctx.environment;
    return runtime === 'local' && pythonPath ? pythonCompileCheck(pythonPath) : treeSitterSyntaxCheck;
  }

  private read(chat: ChatResult, ctx: FixContext): ParsedAnswer {
    if (chat.finishReason === 'length') {
      throw new AnswerError(
        `the answer was cut off at the ${this.settings.maxTokens}-token ` +
          `limit; answer more briefly (change only the cells that must change)`,
      );
    }
    return parseAnswer(chat.content, ctx.notebook);
  }

  /** One call, within the budget; usage from the server, else counted with the tokenizer. */
  private async call(
    messages: ChatMessage[],
    counter: TokenCounter,
    signal?: AbortSignal,
  ): Promise<{ chat: ChatResult; usage: Usage }> {
    const price = priceFor(this.settings);
    const estimate = countMessages(counter, messages);
    this.budget?.assertCanSpend(estimate, costUsd(price, estimate, 0));
    const wantJson = this.settings.format === 'cells' && this.settings.structuredOutput !== 'none';
    const chat = await this.client.chat({
      messages,
      jsonSchema: wantJson
        ? { name: 'cell_edits', schema: CELL_EDITS_JSON_SCHEMA as unknown as Record<string, unknown> }
        : null,
      signal,
    });
    const promptTokens = chat.promptTokens ?? estimate;
    const completionTokens = chat.completionTokens ?? counter.count(chat.content);
    const usage: Usage = { promptTokens, completionTokens, costUsd: costUsd(price, promptTokens, completionTokens) };
    this.usage = addUsage(this.usage, usage);
    this.budget?.charge(usage);
    return { chat, usage };
  }

  private fix(
    ctx: FixContext,
    type: Fix['type'],
    parsed: ParsedAnswer,
    edits: CellEdit[],
    usage: Usage,
    transcript: TranscriptMessage[],
  ): Fix {
    const error = ctx.problem === 'error' ? primaryError(ctx.report.errors) : null;
    const notes = parsed.notes.length > 0 ? `\n\n(${parsed.notes.join('; ')})` : '';
    return {
      type,
      source: 'llm',
      ruleIds: [],
      model: this.settings.model,
      plan: `${parsed.plan || '(the model gave no plan)'}${notes}`,
      edits,
      usage,
      flags: semanticFlags(ctx.notebook, edits),
      signature: error ? errorSignature(error) : null,
      rewrites: lineRewrites(ctx.notebook, edits),
      transcript,
    };
  }
}

/** The LLM fixer for one job: settings (key from OPENAI_API_KEY when absent), fix memory and the job's budget. */
export function createLlmFixer(settings: LlmSettingsInput | LlmSettings, deps: LlmFixerOptions = {}): LlmFixer {
  const resolved = resolveLlmSettings(settings);
  if (!resolved.model)
    throw new NbreviveError('invalid-request', 'no LLM model set: choose one in settings or pass --llm-model');
  return new LlmFixer(resolved, deps);
}

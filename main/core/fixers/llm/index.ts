// The LLM fixer's public surface: the fixer and its factory, fix memory, budget, provider client and helpers.
export { createLlmFixer, LlmFixer, type LlmFailure, type LlmFixerOptions } from './llm-fixer';
export { Budget, type BudgetCaps, type Spent } from './budget';
export {
  jobBudget,
  llmInputFromStored,
  LLM_SETTINGS_KEY,
  readStoredLlmSettings,
  StoredLlmSettingsSchema,
  type StoredLlmSettings,
} from './stored-settings';
export { errorSignature, InMemoryFixMemory, lineRewrites, MemoryFixer, replayRewrites, type FixMemory } from './memory';
export { LlmClient, LLM_PRESETS, redactSecret, resolveLlmSettings, type ChatResult } from './provider';
export { buildPrompt, FIX_TYPE_FOR_PROBLEM, loadTemplates, type BuiltPrompt, type ChatMessage } from './prompt';
export { AnswerError, parseAnswer, validateEdits, type ParsedAnswer } from './answer';
export { semanticFlagList, semanticFlags, type SemanticFlag, type SemanticFlagKind } from './semantic-flags';
export { loadTokenizer, tokenizerFor, type TokenCounter } from './tokens';
export { pythonCompileCheck, treeSitterSyntaxCheck, type SyntaxChecker } from './python-syntax';

// The sentence-level heuristics the changelog reader shares: the words and separators around names, what makes a
// name public, where an entry's sentences end and which release a removal names.
import type { ApiChange, ApiChangeKind } from '../../main/core/fixers/api-changes/types';
import type { Token } from './entries';

export const PARAM_WORDS = /\b(parameter|parameters|argument|arguments|keyword|keywords|kwarg|kwargs|param|option)\b/i;

export function shorten(text: string): string {
  const clean = text
    .replace(/:(?:issue|pr|user|gh|ghpull|ghissue):`[^`]*`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > 300 ? `${clean.slice(0, 297)}...` : clean;
}

/**
 * An entry without its issue and pull-request references ("(:issue:`10711`)", "(`gh-14036 <…>`__)", "(GH1234)").
 * They stand between a name and what follows it: "removed in favor of ``B`` (:issue:`1`)" reads as "``B`` (…)",
 * which the replacement check takes for "``B`` (or …)" and drops.
 */
export function withoutReferences(text: string): string {
  return text
    .replace(
      /\s*\((?:\s*,?\s*(?::(?:issue|pr|user|gh|ghpull|ghissue):`[^`]*`|`(?:gh|GH)-?\d+ <[^>]*>`_{1,2}|GH\s?#?\d+|#\d+))+\s*\)/g,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

export function removalVersion(text: string): string | null {
  const m =
    /(?:will be |to be |is |are )?removed (?:in|from) (?:version |v|scikit-learn |pandas |NumPy |numpy |matplotlib |SciPy |scipy |seaborn |statsmodels )?(\d+\.\d+(?:\.\d+)?)/i.exec(
      text,
    );
  return m ? (m[1] as string) : null;
}

export function kindOf(oldName: string, newName: string | null): ApiChangeKind {
  if (!newName) return 'removed';
  const oldModule = oldName.slice(0, oldName.lastIndexOf('.'));
  const newModule = newName.slice(0, newName.lastIndexOf('.'));
  if (oldModule === newModule) return 'renamed';
  return 'moved';
}

/** Is the token a function/class/method the entry talks about (for parameter and default entries)? */
export function isCallable(token: Token): boolean {
  return /^(py:)?(func|class|meth|obj|attr)$/.test(token.role) || /^[A-Za-z_][\w.]*\.[A-Za-z_]\w*$/.test(token.name);
}

/** Roles that name an API object (not a parameter, value or reference). */
export const NAME_ROLES = /^(py:)?(func|class|meth|mod|attr|obj|data|exc|const|property)$/;
/**
 * Words that may stand between a verb and the names it governs ("Removed the deprecated functions ``a`` and ``b``").
 */
export const FILLER =
  /^(?:\s|,|:|\band\b|\bor\b|\bthe\b|\ba\b|\ban\b|\bdeprecated\b|\bpreviously\b|\bpublic\b|\btop-level\b|\bunused\b|\bobsolete\b|\blegacy\b|\bold\b|\ball\b|\bnow\b|\bfunctions?\b|\bmethods?\b|\bclass(?:es)?\b|\bmodules?\b|\bsubmodules?\b|\bsubpackages?\b|\bpackages?\b|\battributes?\b|\bpropert(?:y|ies)\b|\baliases?\b|\bconstants?\b|\bobjects?\b|\bkeywords?\b|\bparameters?\b|\barguments?\b|\bkwargs?\b|\boptions?\b|\bfunctionality\b)*$/i;
const SEPARATOR =
  /^\s*(?:,|,?\s*and|,?\s*or|,?\s*as well as)\s*(?:the\s+)?(?:(?:function|method|class|attribute|module|parameter|keyword|argument)s?\s+)?$/i;
export const ATTRIBUTE_WORDS = /\b(attribute|attributes|property|properties)\b/i;
/** The verbs of a rename or move, as the changelogs spell them (the name after the verb is the replacement). */
export const RENAME_VERB =
  /\b(?:(?:has|have|had)\s+)?(?:(?:been|was|were|is|are|be)\s+)?(?:now\s+)?(?:renamed|moved|relocated)\s+(?:to|into|as|in)\s+(?:the\s+)?(?:new\s+)?(?:public\s+)?(?:(?:module|submodule|function|class|method|attribute|property|parameter|keyword|argument)s?\s+)?(?=``|:[\w:]+:`|`)|\b(?:is|are)\s+now\s+(?:called|named|available\s+(?:as|in|under)|located\s+in|exposed\s+as|in)\s+(?:the\s+)?(?:module\s+)?(?=``|:[\w:]+:`|`)/gi;
/**
 * "use B instead", "in favour of B", "replaced by B", "still available as B" (the name after it is the replacement).
 */
export const REPLACEMENT =
  /\b(?:in\s+favou?r\s+of|[Uu]se|replaced\s+(?:by|with)|superseded\s+by|[Pp]lease\s+use|still\s+available\s+(?:as|under|in)|available\s+under)\s+(?:the\s+)?(?:new\s+)?(?:top[- ]level\s+)?(?:(?:function|class|method|module|attribute|property|parameter|keyword|argument)s?\s+)?(?=``|:[\w:]+:`|`)/g;

/** A name the table may carry: no private part (`_x`, `pandas._libs`), dunder methods aside. */
export function isPublicName(qualified: string): boolean {
  return qualified.split('.').every((part) => !part.startsWith('_') || /^__\w+__$/.test(part));
}

/**
 * A C-API name or a word that is no Python attribute, which a release note mentions outside a "C API" heading:
 * `PyArray_CastTo`, `NPY_REFCOUNT`, `npy_interrupt`, `numpy.None`, `numpy.print` (from "remove ``print()``'s").
 */
export function isCApiName(qualified: string): boolean {
  const last = qualified.slice(qualified.lastIndexOf('.') + 1);
  return /^(?:Py[A-Z][A-Za-z]*_\w+|Py_\w+|NPY_\w+|npy_\w+|None|True|False|print|__all__)$/.test(last);
}

/** Consecutive tokens joined by commas / "and" / "or", from `start` going forwards (+1) or backwards (-1). */
export function listFrom(text: string, tokens: Token[], start: number, step: 1 | -1): Token[] {
  const list: Token[] = [tokens[start] as Token];
  for (let k = start + step; k >= 0 && k < tokens.length; k += step) {
    const [a, b] =
      step === 1 ? [tokens[k - 1] as Token, tokens[k] as Token] : [tokens[k] as Token, tokens[k + 1] as Token];
    if (!SEPARATOR.test(text.slice(a.end, b.index))) break;
    if (step === 1) list.push(tokens[k] as Token);
    else list.unshift(tokens[k] as Token);
  }
  return list;
}

/** Sentences of an entry (a dotted name has no space after its dots, so ". " ends a sentence). */
export function sentences(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  const re = /(?<!\b(?:e\.g|i\.e|vs|etc|cf))[.;](?:\s+|$)(?=[A-Z(:`*]|$)/g;
  let from = 0;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + 1;
    out.push({ text: text.slice(from, end), offset: from });
    from = (m.index ?? 0) + m[0].length;
  }
  if (from < text.length) out.push({ text: text.slice(from), offset: from });
  // "… is deprecated and will be removed in 1.4. Use `b` instead.": the replacement sentence belongs to the one before
  for (let k = out.length - 1; k > 0; k--) {
    const t = (out[k] as { text: string }).text;
    if (
      !/^(?:Use|Instead,?\s+use|Please\s+use|Users\s+should\s+use|It\s+is\s+replaced\s+by|Replaced\s+by)\b/.test(t) &&
      !/^(?:This|It|They)\b[^`]*\b(?:replaced\s+(?:by|with)|in\s+favou?r\s+of|superseded\s+by)\s+(?=`|:)/.test(t)
    )
      continue;
    const prev = out[k - 1] as { text: string; offset: number };
    out.splice(k - 1, 2, {
      text: text.slice(prev.offset, (out[k] as { offset: number }).offset + (out[k] as { text: string }).text.length),
      offset: prev.offset,
    });
  }
  return out;
}

export type Row = Omit<ApiChange, 'library' | 'origin'>;

/** Is the list about parameters ("the ``p`` parameter", "keyword ``p``", "``p=...``")? */
export function isParamList(text: string, list: Token[]): boolean {
  const first = list[0] as Token;
  const last = list.at(-1) as Token;
  if (list.some((t) => t.name.includes('.') || /^(py:)?(func|class|meth|mod)$/.test(t.role))) return false;
  return (
    PARAM_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
    PARAM_WORDS.test(text.slice(last.end, last.end + 22)) ||
    list.some((t) => t.role === 'param' || t.role === 'paramref')
  );
}

/** Is the list about attributes ("the ``x`` attribute", "properties ``a`` and ``b``")? */
export function isAttributeList(text: string, list: Token[]): boolean {
  const first = list[0] as Token;
  const last = list.at(-1) as Token;
  return (
    !list.some((t) => t.name.includes('.')) &&
    (ATTRIBUTE_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
      ATTRIBUTE_WORDS.test(text.slice(last.end, last.end + 22)))
  );
}

/**
 * The functions or classes a parameter/attribute list belongs to: "of/in/for :class:`A` and :class:`B`", else the
 * nearest one.
 */
export function ownersOf(text: string, tokens: Token[], list: Token[]): Token[] {
  const last = list.at(-1) as Token;
  const after = tokens.findIndex((t) => t.index >= last.end && isCallable(t) && !list.includes(t));
  if (
    after >= 0 &&
    /^\s*(?:(?:parameters?|keywords?|arguments?|kwargs?|attributes?|propert(?:y|ies))\s+)?(?:of|in|from|for|to|on)\s+(?:the\s+)?(?:(?:function|method|class|estimator|constructor)s?\s+)?$/i.test(
      text.slice(last.end, (tokens[after] as Token).index),
    )
  )
    return listFrom(text, tokens, after, 1).filter((t) => isCallable(t));
  const before = tokens.filter((t) => t.end <= (list[0] as Token).index && isCallable(t));
  if (before.length > 0) return [before.at(-1) as Token];
  return after >= 0 ? [tokens[after] as Token] : [];
}

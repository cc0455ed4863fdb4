// One changelog entry → table rows, read sentence by sentence (the grammar of renames, moves, removals,
// deprecations, parameter changes and default changes; see rowsOfEntry).
import { type Entry, type Token, tokensOf } from './entries';
import {
  ATTRIBUTE_WORDS,
  FILLER,
  isCallable,
  isCApiName,
  isPublicName,
  kindOf,
  listFrom,
  NAME_ROLES,
  PARAM_WORDS,
  removalVersion,
  RENAME_VERB,
  REPLACEMENT,
  type Row,
  sentences,
  shorten,
  withoutReferences,
} from './heuristics';
import { cleanName, type LibrarySpec } from './names';

/**
 * The rows of one changelog entry, read sentence by sentence. A row is made only where the sentence's grammar
 * says so, names being rst roles/literals:
 *   renamed/moved: `A` (has been|is) renamed/moved to `B` · `A` is now (called|available as) `B` ·
 *                  `X` has been moved from :mod:`a` to :mod:`b`
 *   removed:       Removed (the deprecated) `A`, `B` and `C` · `A` (has been|was|is now) removed
 *   deprecated:    `A` is deprecated (in favour of `B` / use `B` instead) · Deprecated `A` — kind 'deprecated':
 *                  the name still works in that release; its replacement fills a later removal's row
 *   parameters:    the `p` parameter/keyword of `f` (any of the above) → signature-changed `f(p)` → `f(q)`
 *   defaults:      default (value) of `p` (in `f`) changed from X to Y
 * A name mentioned in passing (no verb governs it) gives no row; names with a private part give none.
 */
export function rowsOfEntry(spec: LibrarySpec, entry: Entry, link: string): Row[] {
  const text = withoutReferences(entry.text);
  if (!/renam|remov|deprecat|moved|relocat|instead|in favou?r|default|dropped|is now|are now|available as/i.test(text))
    return [];
  const rows: Row[] = [];
  const removedIn = removalVersion(text);
  const note = shorten(text);
  const base = { version: entry.version, date: entry.date, note, link, removedIn };
  const push = (row: Row): void => {
    const names = [row.old, row.new ?? ''].map((n) => n.replace(/\(.*$/, ''));
    const param = /\((\w+)/.exec(row.old)?.[1];
    if (!names.every((n) => !n || isPublicName(n)) || (param && param.startsWith('_'))) return;
    if (isCApiName(names[0] as string)) return;
    if (row.old === row.new) return;
    if (!rows.some((r) => r.kind === row.kind && r.old === row.old && r.new === row.new)) rows.push(row);
  };

  // default changes: "default (value) of P ... changed/will change from X to Y"
  const allTokens = tokensOf(text);
  const def =
    /default(?: value)?(?: of| for)?(?: the)?(?: parameter| argument| keyword)?\s*(``[^`]+``|:\w+:`[^`]+`)?[^.]{0,120}?(?:change[sd]?|will change|is now|now)\b[^.]{0,60}?\bfrom\s+(``[^`]+``|`[^`]+`|\S+)\s+to\s+(``[^`]+``|`[^`]+`|[^\s,.;]+)/i.exec(
      text,
    );
  if (def) {
    const param = def[1]
      ? cleanName(def[1].replace(/^:\w+:/, '').replace(/`/g, ''))
      : (allTokens.find((t) => !isCallable(t) && t.index < (def.index ?? 0) + def[0].length)?.name ?? null);
    const fn = allTokens.find((t) => isCallable(t) && t.name !== param);
    const q = fn ? spec.qualify(fn.name) : null;
    const from = (def[2] as string).replace(/`/g, '');
    const to = (def[3] as string).replace(/`/g, '');
    if (param && q)
      push({ ...base, kind: 'default-changed', old: `${q}(${param}=${from})`, new: `${q}(${param}=${to})` });
  }

  for (const sentence of sentences(text)) rowsOfSentence(spec, sentence.text, base, push);
  return rows;
}

function rowsOfSentence(
  spec: LibrarySpec,
  text: string,
  base: Pick<Row, 'version' | 'date' | 'note' | 'link' | 'removedIn'>,
  push: (row: Row) => void,
): void {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return;
  const bareNames = spec.library === 'numpy' || spec.library === 'seaborn';
  // a token that names an API object (a role, a dotted literal, or a bare literal where the library writes names so;
  // a bare CamelCase literal (``CParserError``) is a class or exception name in every library)
  const isName = (t: Token): boolean =>
    NAME_ROLES.test(t.role) ||
    (t.role === '' && t.name.includes('.')) ||
    (t.role === '' && (bareNames || /^[A-Z][a-z]+[A-Z]\w*$/.test(t.name)));
  /** is the list about parameters ("the ``p`` parameter", "keyword ``p``", "``p=...``")? */
  const isParamList = (list: Token[]): boolean => {
    const first = list[0] as Token;
    const last = list.at(-1) as Token;
    if (list.some((t) => t.name.includes('.') || /^(py:)?(func|class|meth|mod)$/.test(t.role))) return false;
    return (
      PARAM_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
      PARAM_WORDS.test(text.slice(last.end, last.end + 22)) ||
      list.some((t) => t.role === 'param' || t.role === 'paramref')
    );
  };
  const isAttributeList = (list: Token[]): boolean => {
    const first = list[0] as Token;
    const last = list.at(-1) as Token;
    return (
      !list.some((t) => t.name.includes('.')) &&
      (ATTRIBUTE_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
        ATTRIBUTE_WORDS.test(text.slice(last.end, last.end + 22)))
    );
  };
  /**
   * the functions or classes a parameter/attribute list belongs to: "of/in/for :class:`A` and :class:`B`", else the
   * nearest one
   */
  const ownersOf = (list: Token[]): Token[] => {
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
  };
  const qualifyOwned = (owner: Token, name: string): string | null => {
    const q = spec.qualify(owner.name);
    return q ? `${q}.${name}` : null;
  };
  /** rows for old list → new list (paired in order, or one new for one old), of the given kind */
  const emit = (
    oldList: Token[],
    newList: Token[] | null,
    kind: 'renamed' | 'removed' | 'deprecated',
    pure: boolean,
  ): void => {
    if (oldList.length === 0) return;
    // options and rcParams (``display.height``, ``axes.hold``) are settings, not names a notebook imports
    if (
      /\b(?:options?|rcParams?|rc\s+params?|settings?|config(?:uration)?\s+keys?|style\s+sheets?)\b/i.test(
        text.slice(Math.max(0, (oldList[0] as Token).index - 25), (oldList[0] as Token).index),
      ) ||
      /^\s*(?:option|rcParam|rc param|setting)s?\b/i.test(
        text.slice((oldList.at(-1) as Token).end, (oldList.at(-1) as Token).end + 12),
      )
    )
      return;
    // several modules reorganized into one module ("… have been reorganized into :mod:`sklearn.model_selection`")
    if (newList?.length === 1 && oldList.length > 1 && (newList[0] as Token).role === 'mod')
      newList = oldList.map(() => newList?.[0] as Token);
    const pairs: [Token, Token | null][] =
      !newList || newList.length === 0
        ? oldList.map((t) => [t, null])
        : oldList.length === newList.length
          ? oldList.map((t, k) => [t, newList[k] as Token])
          : oldList.map((t) => [t, null]);
    if (isParamList(oldList)) {
      for (const owner of ownersOf(oldList)) {
        const q = spec.qualify(owner.name);
        if (!q) continue;
        for (const [o, n] of pairs)
          push({
            ...base,
            kind: 'signature-changed',
            old: `${q}(${o.name})`,
            new: n && !n.name.includes('.') ? `${q}(${n.name})` : null,
            pure: pure && n !== null,
          });
      }
      return;
    }
    if (isAttributeList(oldList)) {
      for (const owner of ownersOf(oldList)) {
        for (const [o, n] of pairs) {
          const oldQ = qualifyOwned(owner, o.name);
          if (!oldQ) continue;
          const newQ = n ? (n.name.includes('.') ? spec.qualify(n.name) : qualifyOwned(owner, n.name)) : null;
          push({
            ...base,
            kind: kind === 'renamed' ? (newQ ? kindOf(oldQ, newQ) : 'removed') : kind,
            old: oldQ,
            new: newQ,
            pure: pure && newQ !== null,
          });
        }
      }
      return;
    }
    for (const [o, n] of pairs) {
      if (!isName(o)) continue;
      const oldQ = spec.qualify(o.name);
      if (!oldQ) continue;
      let newQ = n && isName(n) ? spec.qualify(n.name) : null;
      // `a.B.x` renamed to ``y``: a bare new name keeps the old one's module or class
      if (n && !n.name.includes('.') && o.name.includes('.'))
        newQ = `${oldQ.slice(0, oldQ.lastIndexOf('.'))}.${n.name}`;
      // "use ``obj.items`` instead" (pandas' way of naming a member of the object at hand): a sibling member
      if (n && /^(?:obj|df|ser|series|s|idx|index|arr|ax|fig)\.\w+$/.test(n.name) && /\.[A-Z]\w*\.\w+$/.test(oldQ))
        newQ = `${oldQ.slice(0, oldQ.lastIndexOf('.'))}.${n.name.slice(n.name.indexOf('.') + 1)}`;
      // a class "renamed to" a snake_case bare word is a parameter the entry talks about: no row
      if (
        n &&
        !n.name.includes('.') &&
        /^[A-Z]/.test(oldQ.slice(oldQ.lastIndexOf('.') + 1)) &&
        /^[a-z_]+$/.test(n.name)
      )
        continue;
      if (kind === 'renamed') {
        if (!newQ) continue; // a rename whose target is unclear says nothing reliable
        push({ ...base, kind: kindOf(oldQ, newQ), old: oldQ, new: newQ, pure });
      } else
        push({
          ...base,
          kind: kind === 'removed' && newQ ? kindOf(oldQ, newQ) : kind,
          old: oldQ,
          new: newQ,
          pure: pure && newQ !== null,
        });
    }
  };
  const used = new Set<Token>();
  /**
   * The list a verb's subject is, ending with token `last`: "The ``p`` parameter/attribute of :class:`A` and
   * :class:`B` is …" has the owners right before the verb and the subject (``p``) before them.
   */
  const subjectList = (last: number): Token[] => {
    const list = listFrom(text, tokens, last, -1);
    if (!list.every((t) => isCallable(t))) return list;
    const inner = tokens.filter((t) => t.end <= (list[0] as Token).index && !used.has(t));
    const subject = inner.at(-1);
    if (
      subject &&
      !subject.name.includes('.') &&
      /^\s*(?:(?:parameters?|keywords?|arguments?|kwargs?|attributes?|propert(?:y|ies))\s+)(?:of|in|for|on)\s+(?:the\s+)?(?:(?:function|method|class|estimator)s?\s+)?$/i.test(
        text.slice(subject.end, (list[0] as Token).index),
      )
    ) {
      return listFrom(text, tokens, tokens.indexOf(subject), -1);
    }
    return list;
  };

  // "X has been moved from :mod:`a` to :mod:`b`"
  for (const m of text.matchAll(
    /\bmoved\s+from\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)\s+(?:in)?to\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)/g,
  )) {
    const at = m.index ?? 0;
    const subjects = tokens.filter((t) => t.end <= at);
    const from = tokens.find((t) => t.index >= at && t.index < at + m[0].length);
    const to = tokens.find((t) => t.index > (from?.end ?? at) && t.index < at + m[0].length);
    const subject = subjects.at(-1);
    if (!subject || !from || !to || text.slice(subject.end, at).length > 30) continue;
    const name = subject.name.slice(subject.name.lastIndexOf('.') + 1);
    const oldQ = spec.qualify(`${from.name}.${name}`);
    const newQ = spec.qualify(`${to.name}.${name}`);
    for (const t of [subject, from, to]) used.add(t);
    if (oldQ && newQ) push({ ...base, kind: 'moved', old: oldQ, new: newQ, pure: true });
  }

  // renames and moves; "A, B and C have been renamed to X, Y and Z (respectively)" pairs them in order
  for (const m of text.matchAll(RENAME_VERB)) {
    const at = m.index ?? 0;
    const afterIndex = tokens.findIndex((t) => t.index >= at + m[0].length && !used.has(t));
    const beforeIndex = tokens.findLastIndex((t) => t.end <= at && !used.has(t));
    if (afterIndex < 0 || beforeIndex < 0) continue;
    const listAfter = listFrom(text, tokens, afterIndex, 1);
    const listBefore = listAfter.every((t) => !t.name.includes('.'))
      ? subjectList(beforeIndex)
      : listFrom(text, tokens, beforeIndex, -1);
    const gap = text.slice((tokens[beforeIndex] as Token).end, at);
    if (gap.length > 60 || /[.;]/.test(gap)) continue;
    // "`f`'s argument is now called `x`", "The second argument of `f` has been renamed to `x`": a parameter of f,
    // whose old name the sentence gives elsewhere (or not at all)
    if (/^'s\s+(?:first\s+)?(?:argument|parameter|keyword)/.test(gap)) continue;
    const lead = text.slice(Math.max(0, (listBefore[0] as Token).index - 40), (listBefore[0] as Token).index);
    if (/\b(?:argument|parameter|keyword)s?\s+(?:of|to|in)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?$/i.test(lead))
      continue;
    // "A basic ``parametrize`` decorator is now available in ``numpy.testing``": a new feature, not a move
    if (/(?:^|[.;]\s*)(?:A|An)\s+(?:[\w-]+\s+){0,3}$/.test(lead)) continue;
    for (const t of [...listBefore, ...listAfter]) used.add(t);
    // "… is now available in/under ``m``", "moved into ``m``": ``m`` is where the name lives, not its new name
    const location = /\b(?:in|under|into)\s+(?:the\s+)?(?:module\s+)?$/i.test(m[0]);
    if (location && listAfter.length === 1 && listBefore.every((t) => t.name.includes('.') || isName(t))) {
      const where = listAfter[0] as Token;
      emit(
        listBefore,
        listBefore.map((t) => ({ ...where, name: `${where.name}.${t.name.slice(t.name.lastIndexOf('.') + 1)}` })),
        'renamed',
        true,
      );
      continue;
    }
    emit(listBefore, listAfter, 'renamed', true);
  }

  // "the classes and functions have been reorganized into :mod:`b`" (the contents changed: not pure)
  for (const m of text.matchAll(
    /\b(?:reorganized|reorganised|merged|consolidated)\s+into\s+(?:the\s+)?(?=``|:[\w:]+:`|`)/g,
  )) {
    const at = m.index ?? 0;
    const target = tokens.find((t) => t.index === at + m[0].length);
    const first = tokens.findIndex((t) => !used.has(t) && t.end <= at && isName(t));
    if (!target || first < 0) continue;
    const list = listFrom(text, tokens, first, 1).filter((t) => t.end <= at && !used.has(t));
    for (const t of [...list, target]) used.add(t);
    emit(
      list,
      list.map(() => target),
      'renamed',
      false,
    );
  }

  // the sentence's replacement, when it names exactly one: "… use B instead", "in favour of B", "replaced by B"
  const replacements = [...text.matchAll(REPLACEMENT)]
    .map((m) => tokens.find((t) => t.index === (m.index ?? 0) + m[0].length))
    .filter(
      (t): t is Token => t !== undefined && !used.has(t) && !/^\s*(?:\(|or\b|and\b)/.test(text.slice(t.end, t.end + 5)),
    );
  const replacement = replacements.length === 1 ? (replacements[0] as Token) : null;
  // "Deprecated A, B and C in favor of X, Y and Z": as many replacements as names, paired in order ("X or Y" is a
  // choice, not a list)
  const firstReplacement = [...text.matchAll(REPLACEMENT)]
    .map((m) => tokens.findIndex((t) => t.index === (m.index ?? 0) + m[0].length))
    .find((k) => k >= 0);
  const replacementList =
    firstReplacement === undefined ? [] : listFrom(text, tokens, firstReplacement, 1).filter((t) => !used.has(t));
  const listed = (list: Token[]): Token[] | null => {
    if (list.length === 1) return replacement ? [replacement] : null;
    if (replacementList.length !== list.length || list.some((t) => replacementList.includes(t))) return null;
    const span = text.slice((replacementList[0] as Token).index, (replacementList.at(-1) as Token).end);
    return /\bor\b/.test(span) ? null : replacementList;
  };
  // the same object under the other name: "still available as", "available under", "It is an alias of `b`"
  const still = /still available|available under|\bis an alias (?:of|for)\b/.test(text);
  // removed: "Removed (the deprecated) A, B and C", "A (has been|was|is now) removed"
  const removedVerb = /\b(?:[Rr]emoved|[Rr]emove|[Rr]emoving|[Dd]ropped|[Dd]rop|[Ee]xpired)\b/g;
  for (const m of text.matchAll(removedVerb)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    // forwards: the verb governs the list right after it (only filler words between)
    const next = tokens.findIndex((t) => t.index >= end && !used.has(t));
    if (
      next >= 0 &&
      FILLER.test(text.slice(end, (tokens[next] as Token).index)) &&
      !/\bsupport\b/i.test(text.slice(end, (tokens[next] as Token).index)) &&
      !/\b(?:will|to|would|may|should|be)\s+$/i.test(text.slice(Math.max(0, at - 12), at))
    ) {
      const list = listFrom(text, tokens, next, 1).filter(
        (t) => !used.has(t) && t !== replacement && !replacementList.includes(t),
      );
      for (const t of list) used.add(t);
      emit(list, listed(list), 'removed', still);
      continue;
    }
    // backwards: "A and B have been removed", "A is removed" (not "will be removed": that is a deprecation)
    const prev = tokens.findLastIndex((t) => t.end <= at && !used.has(t));
    if (prev < 0) continue;
    const between = text.slice((tokens[prev] as Token).end, at);
    if (
      /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?(?:fully\s+|finally\s+)?$/i.test(
        between,
      )
    ) {
      const list = subjectList(prev).filter((t) => !used.has(t) && t !== replacement && !replacementList.includes(t));
      for (const t of list) used.add(t);
      emit(list, listed(list), 'removed', still);
    }
  }

  // deprecated, with a replacement when the sentence names exactly one: "A is deprecated, use B instead"
  for (const m of text.matchAll(/\b(?:[Dd]eprecat\w*)\b/g)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    const next = tokens.findIndex((t) => t.index >= end && !used.has(t) && t !== replacement);
    let list: Token[] | null = null;
    if (next >= 0 && FILLER.test(text.slice(end, (tokens[next] as Token).index)))
      list = listFrom(text, tokens, next, 1);
    else {
      const prev = tokens.findLastIndex((t) => t.end <= at && !used.has(t) && t !== replacement);
      if (
        prev >= 0 &&
        /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?$/i.test(
          text.slice((tokens[prev] as Token).end, at),
        )
      )
        list = subjectList(prev);
    }
    if (!list) continue;
    list = list.filter((t) => !used.has(t) && t !== replacement && !replacementList.includes(t));
    if (list.length === 0) continue;
    for (const t of list) used.add(t);
    // a value being deprecated ("``positive=True``") is not the name
    emit(list, listed(list), 'deprecated', still);
  }
  // a replacement with no verb in this sentence belongs to the previous sentence's subject: left alone (no guess)
}

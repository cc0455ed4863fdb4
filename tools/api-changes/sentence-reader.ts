// One sentence of a changelog entry read for table rows (rowsOfEntry in entry-rows.ts splits an entry into
// sentences): moves, renames, reorganizations, removals and deprecations, in that order, each taking the names the
// ones before it left unused.
import { type Token, tokensOf } from './entries';
import {
  FILLER,
  isAttributeList,
  isCallable,
  isParamList,
  kindOf,
  listFrom,
  NAME_ROLES,
  ownersOf,
  RENAME_VERB,
  REPLACEMENT,
  type Row,
} from './heuristics';
import type { LibrarySpec } from './names';

type RowBase = Pick<Row, 'version' | 'date' | 'note' | 'link' | 'removedIn'>;

/** What the sentence names as the replacement of the names its verbs govern. */
interface Replacements {
  /** the one replacement ("use B instead"), when the sentence names exactly one */
  replacement: Token | null;
  /** the list starting at the first replacement ("in favor of X, Y and Z") */
  replacementList: Token[];
  /** the replacements of a list of names: the one replacement for one name, a list of the same length paired */
  listed: (list: Token[]) => Token[] | null;
  /** the same object under the other name ("still available as", "is an alias of") */
  still: boolean;
}

/** The rows one sentence of an entry gives, handed to `push` (which drops private names and repeats). */
export function rowsOfSentence(spec: LibrarySpec, text: string, base: RowBase, push: (row: Row) => void): void {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return;
  const reader = new SentenceReader(spec, text, tokens, base, push);
  reader.moves();
  reader.renames();
  reader.reorganized();
  reader.removalsAndDeprecations();
}

class SentenceReader {
  /** tokens a row was made of already: a later verb does not take them again */
  private readonly used = new Set<Token>();
  /** libraries whose changelogs write names as bare literals (``x``) */
  private readonly bareNames: boolean;

  constructor(
    private readonly spec: LibrarySpec,
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly base: RowBase,
    private readonly push: (row: Row) => void,
  ) {
    this.bareNames = spec.library === 'numpy' || spec.library === 'seaborn';
  }

  /** "X has been moved from :mod:`a` to :mod:`b`" */
  moves(): void {
    for (const m of this.text.matchAll(
      /\bmoved\s+from\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)\s+(?:in)?to\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)/g,
    )) {
      const at = m.index ?? 0;
      const subjects = this.tokens.filter((t) => t.end <= at);
      const from = this.tokens.find((t) => t.index >= at && t.index < at + m[0].length);
      const to = this.tokens.find((t) => t.index > (from?.end ?? at) && t.index < at + m[0].length);
      const subject = subjects.at(-1);
      if (!subject || !from || !to || this.text.slice(subject.end, at).length > 30) continue;
      const name = subject.name.slice(subject.name.lastIndexOf('.') + 1);
      const oldQ = this.spec.qualify(`${from.name}.${name}`);
      const newQ = this.spec.qualify(`${to.name}.${name}`);
      for (const t of [subject, from, to]) this.used.add(t);
      if (oldQ && newQ) this.push({ ...this.base, kind: 'moved', old: oldQ, new: newQ, pure: true });
    }
  }

  /** renames and moves; "A, B and C have been renamed to X, Y and Z (respectively)" pairs them in order */
  renames(): void {
    for (const m of this.text.matchAll(RENAME_VERB)) {
      const at = m.index ?? 0;
      const afterIndex = this.tokens.findIndex((t) => t.index >= at + m[0].length && !this.used.has(t));
      const beforeIndex = this.tokens.findLastIndex((t) => t.end <= at && !this.used.has(t));
      if (afterIndex < 0 || beforeIndex < 0) continue;
      const listAfter = listFrom(this.text, this.tokens, afterIndex, 1);
      const listBefore = listAfter.every((t) => !t.name.includes('.'))
        ? this.subjectList(beforeIndex)
        : listFrom(this.text, this.tokens, beforeIndex, -1);
      const gap = this.text.slice((this.tokens[beforeIndex] as Token).end, at);
      if (gap.length > 60 || /[.;]/.test(gap)) continue;
      // "`f`'s argument is now called `x`", "The second argument of `f` has been renamed to `x`": a parameter of f,
      // whose old name the sentence gives elsewhere (or not at all)
      if (/^'s\s+(?:first\s+)?(?:argument|parameter|keyword)/.test(gap)) continue;
      const lead = this.text.slice(Math.max(0, (listBefore[0] as Token).index - 40), (listBefore[0] as Token).index);
      if (
        /\b(?:argument|parameter|keyword)s?\s+(?:of|to|in)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?$/i.test(lead)
      )
        continue;
      // "A basic ``parametrize`` decorator is now available in ``numpy.testing``": a new feature, not a move
      if (/(?:^|[.;]\s*)(?:A|An)\s+(?:[\w-]+\s+){0,3}$/.test(lead)) continue;
      for (const t of [...listBefore, ...listAfter]) this.used.add(t);
      // "… is now available in/under ``m``", "moved into ``m``": ``m`` is where the name lives, not its new name
      const location = /\b(?:in|under|into)\s+(?:the\s+)?(?:module\s+)?$/i.test(m[0]);
      if (location && listAfter.length === 1 && listBefore.every((t) => t.name.includes('.') || this.isName(t))) {
        const where = listAfter[0] as Token;
        this.emit(
          listBefore,
          listBefore.map((t) => ({ ...where, name: `${where.name}.${t.name.slice(t.name.lastIndexOf('.') + 1)}` })),
          'renamed',
          true,
        );
        continue;
      }
      this.emit(listBefore, listAfter, 'renamed', true);
    }
  }

  /** "the classes and functions have been reorganized into :mod:`b`" (the contents changed: not pure) */
  reorganized(): void {
    for (const m of this.text.matchAll(
      /\b(?:reorganized|reorganised|merged|consolidated)\s+into\s+(?:the\s+)?(?=``|:[\w:]+:`|`)/g,
    )) {
      const at = m.index ?? 0;
      const target = this.tokens.find((t) => t.index === at + m[0].length);
      const first = this.tokens.findIndex((t) => !this.used.has(t) && t.end <= at && this.isName(t));
      if (!target || first < 0) continue;
      const list = listFrom(this.text, this.tokens, first, 1).filter((t) => t.end <= at && !this.used.has(t));
      for (const t of [...list, target]) this.used.add(t);
      this.emit(
        list,
        list.map(() => target),
        'renamed',
        false,
      );
    }
  }

  /** removals and deprecations, with the replacement the sentence names */
  removalsAndDeprecations(): void {
    const named = this.replacementsNamed();
    this.removals(named);
    this.deprecations(named);
  }

  private replacementsNamed(): Replacements {
    // the sentence's replacement, when it names exactly one: "… use B instead", "in favour of B", "replaced by B"
    const replacements = [...this.text.matchAll(REPLACEMENT)]
      .map((m) => this.tokens.find((t) => t.index === (m.index ?? 0) + m[0].length))
      .filter(
        (t): t is Token =>
          t !== undefined && !this.used.has(t) && !/^\s*(?:\(|or\b|and\b)/.test(this.text.slice(t.end, t.end + 5)),
      );
    const replacement = replacements.length === 1 ? (replacements[0] as Token) : null;
    // "Deprecated A, B and C in favor of X, Y and Z": as many replacements as names, paired in order ("X or Y" is a
    // choice, not a list)
    const firstReplacement = [...this.text.matchAll(REPLACEMENT)]
      .map((m) => this.tokens.findIndex((t) => t.index === (m.index ?? 0) + m[0].length))
      .find((k) => k >= 0);
    const replacementList =
      firstReplacement === undefined
        ? []
        : listFrom(this.text, this.tokens, firstReplacement, 1).filter((t) => !this.used.has(t));
    const listed = (list: Token[]): Token[] | null => {
      if (list.length === 1) return replacement ? [replacement] : null;
      if (replacementList.length !== list.length || list.some((t) => replacementList.includes(t))) return null;
      const span = this.text.slice((replacementList[0] as Token).index, (replacementList.at(-1) as Token).end);
      return /\bor\b/.test(span) ? null : replacementList;
    };
    // the same object under the other name: "still available as", "available under", "It is an alias of `b`"
    const still = /still available|available under|\bis an alias (?:of|for)\b/.test(this.text);
    return { replacement, replacementList, listed, still };
  }

  private removals({ replacement, replacementList, listed, still }: Replacements): void {
    // removed: "Removed (the deprecated) A, B and C", "A (has been|was|is now) removed"
    const removedVerb = /\b(?:[Rr]emoved|[Rr]emove|[Rr]emoving|[Dd]ropped|[Dd]rop|[Ee]xpired)\b/g;
    for (const m of this.text.matchAll(removedVerb)) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      // forwards: the verb governs the list right after it (only filler words between)
      const next = this.tokens.findIndex((t) => t.index >= end && !this.used.has(t));
      if (
        next >= 0 &&
        FILLER.test(this.text.slice(end, (this.tokens[next] as Token).index)) &&
        !/\bsupport\b/i.test(this.text.slice(end, (this.tokens[next] as Token).index)) &&
        !/\b(?:will|to|would|may|should|be)\s+$/i.test(this.text.slice(Math.max(0, at - 12), at))
      ) {
        const list = listFrom(this.text, this.tokens, next, 1).filter(
          (t) => !this.used.has(t) && t !== replacement && !replacementList.includes(t),
        );
        for (const t of list) this.used.add(t);
        this.emit(list, listed(list), 'removed', still);
        continue;
      }
      // backwards: "A and B have been removed", "A is removed" (not "will be removed": that is a deprecation)
      const prev = this.tokens.findLastIndex((t) => t.end <= at && !this.used.has(t));
      if (prev < 0) continue;
      const between = this.text.slice((this.tokens[prev] as Token).end, at);
      if (
        /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?(?:fully\s+|finally\s+)?$/i.test(
          between,
        )
      ) {
        const list = this.subjectList(prev).filter(
          (t) => !this.used.has(t) && t !== replacement && !replacementList.includes(t),
        );
        for (const t of list) this.used.add(t);
        this.emit(list, listed(list), 'removed', still);
      }
    }
  }

  private deprecations({ replacement, replacementList, listed, still }: Replacements): void {
    // deprecated, with a replacement when the sentence names exactly one: "A is deprecated, use B instead"
    for (const m of this.text.matchAll(/\b(?:[Dd]eprecat\w*)\b/g)) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      const next = this.tokens.findIndex((t) => t.index >= end && !this.used.has(t) && t !== replacement);
      let list: Token[] | null = null;
      if (next >= 0 && FILLER.test(this.text.slice(end, (this.tokens[next] as Token).index)))
        list = listFrom(this.text, this.tokens, next, 1);
      else {
        const prev = this.tokens.findLastIndex((t) => t.end <= at && !this.used.has(t) && t !== replacement);
        if (
          prev >= 0 &&
          /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?$/i.test(
            this.text.slice((this.tokens[prev] as Token).end, at),
          )
        )
          list = this.subjectList(prev);
      }
      if (!list) continue;
      list = list.filter((t) => !this.used.has(t) && t !== replacement && !replacementList.includes(t));
      if (list.length === 0) continue;
      for (const t of list) this.used.add(t);
      // a value being deprecated ("``positive=True``") is not the name
      this.emit(list, listed(list), 'deprecated', still);
    }
    // a replacement with no verb in this sentence belongs to the previous sentence's subject: left alone (no guess)
  }

  // a token that names an API object (a role, a dotted literal, or a bare literal where the library writes names so;
  // a bare CamelCase literal (``CParserError``) is a class or exception name in every library)
  private isName(t: Token): boolean {
    return (
      NAME_ROLES.test(t.role) ||
      (t.role === '' && t.name.includes('.')) ||
      (t.role === '' && (this.bareNames || /^[A-Z][a-z]+[A-Z]\w*$/.test(t.name)))
    );
  }
  private qualifyOwned(owner: Token, name: string): string | null {
    const q = this.spec.qualify(owner.name);
    return q ? `${q}.${name}` : null;
  }
  /** rows for old list → new list (paired in order, or one new for one old), of the given kind */
  private emit(
    oldList: Token[],
    newList: Token[] | null,
    kind: 'renamed' | 'removed' | 'deprecated',
    pure: boolean,
  ): void {
    if (oldList.length === 0) return;
    // options and rcParams (``display.height``, ``axes.hold``) are settings, not names a notebook imports
    if (
      /\b(?:options?|rcParams?|rc\s+params?|settings?|config(?:uration)?\s+keys?|style\s+sheets?)\b/i.test(
        this.text.slice(Math.max(0, (oldList[0] as Token).index - 25), (oldList[0] as Token).index),
      ) ||
      /^\s*(?:option|rcParam|rc param|setting)s?\b/i.test(
        this.text.slice((oldList.at(-1) as Token).end, (oldList.at(-1) as Token).end + 12),
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
    if (isParamList(this.text, oldList)) this.emitParameters(oldList, pairs, pure);
    else if (isAttributeList(this.text, oldList)) this.emitAttributes(oldList, pairs, kind, pure);
    else this.emitNames(pairs, kind, pure);
  }

  /** a parameter list: its functions' signatures changed (`f(p)` → `f(q)`) */
  private emitParameters(oldList: Token[], pairs: [Token, Token | null][], pure: boolean): void {
    for (const owner of ownersOf(this.text, this.tokens, oldList)) {
      const q = this.spec.qualify(owner.name);
      if (!q) continue;
      for (const [o, n] of pairs)
        this.push({
          ...this.base,
          kind: 'signature-changed',
          old: `${q}(${o.name})`,
          new: n && !n.name.includes('.') ? `${q}(${n.name})` : null,
          pure: pure && n !== null,
        });
    }
  }

  /** an attribute list: members of the classes that own them */
  private emitAttributes(
    oldList: Token[],
    pairs: [Token, Token | null][],
    kind: 'renamed' | 'removed' | 'deprecated',
    pure: boolean,
  ): void {
    for (const owner of ownersOf(this.text, this.tokens, oldList)) {
      for (const [o, n] of pairs) {
        const oldQ = this.qualifyOwned(owner, o.name);
        if (!oldQ) continue;
        const newQ = n ? (n.name.includes('.') ? this.spec.qualify(n.name) : this.qualifyOwned(owner, n.name)) : null;
        this.push({
          ...this.base,
          kind: kind === 'renamed' ? (newQ ? kindOf(oldQ, newQ) : 'removed') : kind,
          old: oldQ,
          new: newQ,
          pure: pure && newQ !== null,
        });
      }
    }
  }

  /** names of the library: renamed, moved, removed or deprecated as the verb says */
  private emitNames(pairs: [Token, Token | null][], kind: 'renamed' | 'removed' | 'deprecated', pure: boolean): void {
    for (const [o, n] of pairs) {
      if (!this.isName(o)) continue;
      const oldQ = this.spec.qualify(o.name);
      if (!oldQ) continue;
      let newQ = n && this.isName(n) ? this.spec.qualify(n.name) : null;
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
        this.push({ ...this.base, kind: kindOf(oldQ, newQ), old: oldQ, new: newQ, pure });
      } else
        this.push({
          ...this.base,
          kind: kind === 'removed' && newQ ? kindOf(oldQ, newQ) : kind,
          old: oldQ,
          new: newQ,
          pure: pure && newQ !== null,
        });
    }
  }

  /**
   * The list a verb's subject is, ending with token `last`: "The ``p`` parameter/attribute of :class:`A` and
   * :class:`B` is …" has the owners right before the verb and the subject (``p``) before them.
   */
  private subjectList(last: number): Token[] {
    const list = listFrom(this.text, this.tokens, last, -1);
    if (!list.every((t) => isCallable(t))) return list;
    const inner = this.tokens.filter((t) => t.end <= (list[0] as Token).index && !this.used.has(t));
    const subject = inner.at(-1);
    if (
      subject &&
      !subject.name.includes('.') &&
      /^\s*(?:(?:parameters?|keywords?|arguments?|kwargs?|attributes?|propert(?:y|ies))\s+)(?:of|in|for|on)\s+(?:the\s+)?(?:(?:function|method|class|estimator)s?\s+)?$/i.test(
        this.text.slice(subject.end, (list[0] as Token).index),
      )
    ) {
      return listFrom(this.text, this.tokens, this.tokens.indexOf(subject), -1);
    }
    return list;
  }
}

// Targets on import (issue 16): for each imported case without a target, the scores its saved outputs show (target
// discovery, best first) to accept or change, one case at a time or the whole import at once. Keyboard: up/down
// move in the focused case's list, Enter accepts its highlighted choice and moves to the next case. The choice is
// stored in the case (app:cases.setTargets), as `nbrevive case init --pick N` would write it.
import { KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { CaseSummary, TargetCandidateInfo } from '../../../../shared/contracts/case-schemas';
import { useApp, useNotifyError } from '../../app/context';
import { formatScore } from '../../lib/format';

interface CaseChoices {
  caseId: string;
  title: string;
  candidates: TargetCandidateInfo[];
  /** the option highlighted at first: the candidate the case reads now, else the best one */
  initial: number;
}

/** One option of a case's list: a candidate's rank, or null for "no target". */
type Option = { rank: number | null; label: string; detail: string };

// the host answers at most 1000 cases per call
const BATCH = 1000;

function optionsOf(c: CaseChoices): Option[] {
  return [
    ...c.candidates.map((x) => ({
      rank: x.rank,
      label:
        `${x.metric} ${formatScore(x.value)} · cell ` +
        `${x.cellIndex + 1}${x.higherIsBetter ? ' · higher is better' : ' · lower is better'}`,
      detail: `${x.line.trim().slice(0, 100)} — ${x.reason}`,
    })),
    { rank: null, label: 'no target', detail: 'judged on errors and output fidelity' },
  ];
}

/**
 * The candidates of the imported cases that have no target of their own, loaded in batches; `nothing` counts those
 * whose saved outputs show no score (they stay judged on errors and output fidelity, nothing to choose).
 */
function useCaseChoices(cases: readonly CaseSummary[]): { list: CaseChoices[]; nothing: number } | null {
  const { api } = useApp();
  const notifyError = useNotifyError();
  const [choices, setChoices] = useState<{ list: CaseChoices[]; nothing: number } | null>(null);
  const key = cases.map((c) => c.id).join('\n');
  useEffect(() => {
    const ids = key ? key.split('\n') : [];
    const without = ids.filter((id) => !cases.find((c) => c.id === id)?.target);
    let cancelled = false;
    setChoices(null);
    (async () => {
      const out: CaseChoices[] = [];
      let nothing = 0;
      for (let i = 0; i < without.length; i += BATCH) {
        const res = await api.casesTargets({ caseIds: without.slice(i, i + BATCH) });
        for (const c of res.cases) {
          if (!c.candidates.length) {
            nothing++;
            continue;
          }
          const chosen = c.candidates.findIndex((x) => x.rank === c.chosenRank);
          out.push({ caseId: c.caseId, title: c.title, candidates: c.candidates, initial: Math.max(0, chosen) });
        }
      }
      if (!cancelled) setChoices({ list: out, nothing });
    })().catch(notifyError);
    return () => {
      cancelled = true;
    };
    // cases is read through key: a new import (other ids) reloads, a re-render with the same ids does not
  }, [api, key, notifyError]);
  return choices;
}

export function TargetChooser({
  cases,
  onChosen,
}: {
  cases: readonly CaseSummary[];
  onChosen(updated: CaseSummary[]): void;
}) {
  const loaded = useCaseChoices(cases);
  const choices = loaded?.list ?? null;
  if (!choices) return <p className="muted">Looking for the scores the notebooks printed…</p>;
  const others = othersSummary(cases.length, choices.length, loaded?.nothing ?? 0);
  if (!choices.length)
    return (
      <p className="muted" data-testid="target-summary">
        Targets: {others}.
      </p>
    );
  return <ChoiceList choices={choices} others={others} onChosen={onChosen} />;
}

/** The cases to choose a target for, one active at a time, with "accept all / the rest". */
function ChoiceList({
  choices,
  others,
  onChosen,
}: {
  choices: CaseChoices[];
  others: string;
  onChosen(updated: CaseSummary[]): void;
}) {
  const [highlight, setHighlight] = useState<Record<string, number>>({});
  const [active, setActive] = useState(0);
  const [accepted, setAccepted] = useState<Record<string, string>>({});
  const lists = useRef<(HTMLUListElement | null)[]>([]);

  useEffect(() => {
    setHighlight({});
    setAccepted({});
    setActive(0);
  }, [choices]);
  // the active case's list takes the focus, so up/down/Enter work at once after an import and after each accept
  useEffect(() => {
    lists.current[active]?.focus();
  }, [active, choices]);

  const picked = (c: CaseChoices) => highlight[c.caseId] ?? c.initial;
  const { busy, store } = useTargetStore({ choices, active, accepted, picked, setAccepted, setActive, onChosen });
  const onKey = (e: KeyboardEvent, c: CaseChoices, index: number) => {
    const count = optionsOf(c).length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => ({ ...h, [c.caseId]: Math.min(count - 1, Math.max(0, picked(c) + step)) }));
    } else if (e.key === 'Enter') {
      void store([c], index);
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const open = choices.filter((c) => !accepted[c.caseId]);

  return (
    <section className="target-chooser" aria-label="choose targets">
      <div className="row">
        <h3>Targets</h3>
        <span className="muted small">
          the scores the saved outputs show, best first: ↑/↓ to move, Enter to accept
          {others ? ` · ${others}` : ''}
        </span>
        <span className="spacer" />
        <button type="button" disabled={busy || !open.length} onClick={() => void store(open)}>
          Accept {open.length === choices.length ? 'all' : 'the rest'} ({open.length})
        </button>
      </div>
      <ol className="target-cases">
        {choices.map((c, i) => (
          <TargetCase
            key={c.caseId}
            choices={c}
            isActive={i === active}
            current={picked(c)}
            accepted={accepted[c.caseId]}
            listRef={(el) => {
              lists.current[i] = el;
            }}
            onActivate={() => setActive(i)}
            onHighlight={(k) => setHighlight((h) => ({ ...h, [c.caseId]: k }))}
            onAccept={() => void store([c], i)}
            onKeyDown={(e) => onKey(e, c, i)}
          />
        ))}
      </ol>
    </section>
  );
}

/**
 * store(list, from): stores the highlighted choice of each case in list, then moves on to the next open case after
 * `from` (default: the active one); `busy` while the host stores them.
 */
function useTargetStore({
  choices,
  active,
  accepted,
  picked,
  setAccepted,
  setActive,
  onChosen,
}: {
  choices: CaseChoices[];
  active: number;
  accepted: Record<string, string>;
  picked(c: CaseChoices): number;
  setAccepted(update: (a: Record<string, string>) => Record<string, string>): void;
  setActive(index: number): void;
  onChosen(updated: CaseSummary[]): void;
}): { busy: boolean; store(list: CaseChoices[], from?: number): Promise<void> } {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const store = async (list: CaseChoices[], from = active) => {
    if (!list.length) return;
    setBusy(true);
    try {
      const made = list.map((c) => ({ c, option: optionsOf(c)[picked(c)] as Option }));
      const res = await api.casesSetTargets({
        choices: made.map(({ c, option }) => ({ caseId: c.caseId, rank: option.rank })),
      });
      setAccepted((a) => ({ ...a, ...Object.fromEntries(made.map(({ c, option }) => [c.caseId, option.label])) }));
      onChosen(res.cases);
      if (list.length > 1) notify(`Targets stored for ${list.length} cases`);
      const next = choices.findIndex((c, i) => i > from && !accepted[c.caseId] && !list.includes(c));
      if (next >= 0) setActive(next);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, store };
}

/** what the chooser does not ask about: cases with a target of their own, and cases whose outputs show no score */
function othersSummary(cases: number, choosing: number, nothing: number): string {
  const own = cases - choosing - nothing;
  return [
    own > 0 ? `${own} case${own === 1 ? ' keeps its' : 's keep their'} own target` : '',
    nothing > 0
      ? `${nothing} case${nothing === 1 ? ' shows' : 's show'} no score in the saved outputs (judged on errors and ` +
        `output fidelity)`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One case of the chooser: its title and current choice, and (when active) its options as a listbox. */
function TargetCase({
  choices: c,
  isActive,
  current,
  accepted,
  listRef,
  onActivate,
  onHighlight,
  onAccept,
  onKeyDown,
}: {
  choices: CaseChoices;
  isActive: boolean;
  /** the highlighted option */
  current: number;
  /** the accepted option's label, once accepted */
  accepted: string | undefined;
  listRef(el: HTMLUListElement | null): void;
  onActivate(): void;
  onHighlight(option: number): void;
  onAccept(): void;
  onKeyDown(e: KeyboardEvent): void;
}) {
  const options = optionsOf(c);
  return (
    <li className={`target-case ${isActive ? 'active' : ''}`} data-case-id={c.caseId}>
      <button type="button" className="target-case-head" onClick={onActivate} aria-expanded={isActive}>
        <b>{c.title || c.caseId}</b>{' '}
        <span className="muted">{accepted ? `✓ ${accepted}` : (options[current]?.label ?? '')}</span>
      </button>
      {isActive && (
        <ul
          ref={listRef}
          role="listbox"
          tabIndex={0}
          aria-label={`target of ${c.title || c.caseId}`}
          aria-activedescendant={`target-${c.caseId}-${current}`}
          className="target-options"
          onKeyDown={onKeyDown}
        >
          {options.map((o, k) => (
            <li
              key={o.rank ?? 'none'}
              id={`target-${c.caseId}-${k}`}
              role="option"
              aria-selected={k === current}
              className={k === current ? 'highlighted' : ''}
              onClick={() => onHighlight(k)}
              onDoubleClick={onAccept}
              title={o.detail}
            >
              <span>{o.label}</span> <span className="muted small">{o.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

// Keyboard helpers: single-letter shortcuts must not fire while the user types in a field or in Monaco, and the
// window-wide key listener of a screen.
import { type DependencyList, useEffect } from 'react';

export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (el as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'range'].includes(type);
  }
  return el.closest('.monaco-editor') !== null;
}

/** Listens to key presses anywhere in the window while the component is mounted (`deps` as for useEffect). */
export function useWindowKeydown(onKey: (e: KeyboardEvent) => void, deps: DependencyList): void {
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, deps);
}

export const SHORTCUTS: { keys: string; what: string; where: string }[] = [
  { keys: '?', what: 'show / hide this help', where: 'everywhere' },
  { keys: '1 … 5', what: 'corpus & queue, review, dashboard, runtimes, settings', where: 'everywhere' },
  { keys: 't', what: 'toggle light / dark theme', where: 'everywhere' },
  { keys: '/', what: 'focus the search box', where: 'corpus table' },
  { keys: 'j / k', what: 'next / previous row', where: 'corpus table, review' },
  { keys: 'x or space', what: 'select / unselect the row', where: 'corpus table' },
  { keys: 'Enter', what: 'open the job', where: 'corpus table' },
  { keys: 'e', what: 'verdict: equivalent', where: 'review' },
  { keys: 'n', what: 'verdict: not equivalent', where: 'review' },
  { keys: 'u', what: 'verdict: unsure', where: 'review' },
  { keys: 'a', what: 'focus the note (Ctrl+Enter saves it)', where: 'review' },
  { keys: '↑ / ↓', what: 'move to the previous / next target candidate', where: 'import (targets)' },
  { keys: 'Enter', what: 'accept the target and go to the next case', where: 'import (targets)' },
  { keys: '[ / ]', what: 'previous / next iteration', where: 'job detail' },
  { keys: 'Esc', what: 'close this help / leave a field', where: 'everywhere' },
];

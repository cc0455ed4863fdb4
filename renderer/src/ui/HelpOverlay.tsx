// The keyboard shortcut list (?), a modal dialog that keeps focus inside until closed.
import { useEffect, useRef } from 'react';
import { SHORTCUTS } from './keys';

export function HelpOverlay({ onClose }: { onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="overlay" onClick={onClose}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h2 id="help-title">Keyboard shortcuts</h2>
        <table className="shortcuts">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  {s.keys
                    .split(' ')
                    .map((k, i) =>
                      k.length <= 5 && !['or', '…', '/'].includes(k) ? (
                        <kbd key={i}>{k}</kbd>
                      ) : (
                        <span key={i}> {k} </span>
                      ),
                    )}
                </td>
                <td>{s.what}</td>
                <td className="muted">{s.where}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button ref={close} type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

// Monaco side-by-side diff of two notebook versions, laid out cell by cell (lib/cell-align) so cells line up;
// markdown and outputs can be shown or hidden. The first change is scrolled into view.
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../app/context';
import { DiffCell, diffText } from '../../lib/cell-align';
import { monaco } from '../../lib/monaco';

// Monaco rejects the pending diff computation of models that were replaced or disposed ("no diff result
// available"); that is expected when the user switches versions quickly, not an error to report.
window.addEventListener('unhandledrejection', (e) => {
  if ((e.reason as Error | undefined)?.message === 'no diff result available') e.preventDefault();
});

export interface DiffSides {
  beforeLabel: string;
  afterLabel: string;
  before: DiffCell[];
  after: DiffCell[];
}

export function NotebookDiff({ sides, markdown, outputs }: { sides: DiffSides; markdown: boolean; outputs: boolean }) {
  const { theme } = useApp();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  const [changes, setChanges] = useState<number | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const e = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 13,
      ignoreTrimWhitespace: false,
      renderOverviewRuler: true,
      hideUnchangedRegions: { enabled: false },
    });
    editor.current = e;
    const sub = e.onDidUpdateDiff(() => {
      const lc = e.getLineChanges() ?? [];
      setChanges(lc.length);
      const first = lc[0];
      if (first)
        e.getModifiedEditor().revealLineInCenter(
          Math.max(1, first.modifiedStartLineNumber || first.modifiedEndLineNumber || 1),
        );
    });
    return () => {
      sub.dispose();
      const model = e.getModel();
      e.setModel(null);
      e.dispose();
      // after the editor let go of them (a diff may still be computing)
      setTimeout(() => {
        model?.original.dispose();
        model?.modified.dispose();
      }, 1000);
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [theme]);

  useEffect(() => {
    const e = editor.current;
    if (!e) return;
    const text = diffText(sides.before, sides.after, { markdown, outputs });
    const old = e.getModel();
    setChanges(null);
    e.setModel({
      original: monaco.editor.createModel(text.before, 'python'),
      modified: monaco.editor.createModel(text.after, 'python'),
    });
    setTimeout(() => {
      old?.original.dispose();
      old?.modified.dispose();
    }, 1000);
  }, [sides, markdown, outputs]);

  return (
    <div className="diff-wrap">
      <div className="diff-labels row">
        <span className="grow">{sides.beforeLabel}</span>
        <span className="grow">{sides.afterLabel}</span>
        <span className="muted" data-testid="diff-changes">
          {changes === null ? 'comparing…' : `${changes} changed region${changes === 1 ? '' : 's'}`}
        </span>
      </div>
      <div ref={host} className="diff-editor" aria-label={`diff of ${sides.beforeLabel} and ${sides.afterLabel}`} />
    </div>
  );
}

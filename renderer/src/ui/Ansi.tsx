// Renders text with ANSI colour codes as coloured spans (palette colours via classes so both themes suit them).
import { CSSProperties, useMemo } from 'react';
import { parseAnsi } from '../lib/ansi';

export function Ansi({ text, className }: { text: string; className?: string }) {
  const segments = useMemo(() => parseAnsi(text), [text]);
  return (
    <pre className={`ansi ${className ?? ''}`}>
      {segments.map((s, i) => {
        const classes: string[] = [];
        const style: CSSProperties = {};
        if (typeof s.fg === 'number') classes.push(`ansi-fg-${s.fg}`);
        else if (s.fg) style.color = s.fg;
        if (typeof s.bg === 'number') classes.push(`ansi-bg-${s.bg}`);
        else if (s.bg) style.backgroundColor = s.bg;
        if (s.bold) classes.push('ansi-bold');
        if (s.italic) classes.push('ansi-italic');
        if (s.underline) classes.push('ansi-underline');
        return classes.length || s.fg || s.bg ? (
          <span key={i} className={classes.join(' ')} style={style}>
            {s.text}
          </span>
        ) : (
          <span key={i}>{s.text}</span>
        );
      })}
    </pre>
  );
}

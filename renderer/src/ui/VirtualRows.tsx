// A scroll container that renders only the rows in view (fixed row height), for tables of 10k+ rows.
import { ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { scrollToReveal, virtualWindow } from '../lib/virtual';

export interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  renderRow(index: number): ReactNode;
  /** row to keep in view (keyboard cursor) */
  cursor?: number;
  className?: string;
  label: string;
}

export function VirtualRows({ count, rowHeight, renderRow, cursor, className, label }: VirtualRowsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el || cursor === undefined || cursor < 0) return;
    const next = scrollToReveal(cursor, el.scrollTop, el.clientHeight, rowHeight);
    if (next !== el.scrollTop) el.scrollTop = next;
  }, [cursor, rowHeight]);

  const onScroll = useCallback(() => {
    if (ref.current) setScrollTop(ref.current.scrollTop);
  }, []);

  const w = virtualWindow(scrollTop, height, rowHeight, count);
  const rows: ReactNode[] = [];
  for (let i = w.start; i < w.end; i++) rows.push(renderRow(i));
  return (
    <div
      ref={ref}
      className={`vscroll ${className ?? ''}`}
      onScroll={onScroll}
      role="rowgroup"
      aria-label={label}
      data-rendered-rows={w.end - w.start}
    >
      <div style={{ height: w.totalHeight, position: 'relative' }}>
        <div style={{ transform: `translateY(${w.offsetTop}px)` }}>{rows}</div>
      </div>
    </div>
  );
}

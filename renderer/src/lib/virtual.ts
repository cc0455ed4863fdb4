// Windowing math for long lists with a fixed row height: which rows to render for a scroll position, so a table
// of 10k jobs keeps only a screenful (plus overscan) of rows in the DOM.

export interface VirtualWindow {
  /** first rendered row (inclusive) */
  start: number;
  /** last rendered row (exclusive) */
  end: number;
  /** translateY of the first rendered row, in px */
  offsetTop: number;
  /** height of the whole scrollable content, in px */
  totalHeight: number;
}

export function virtualWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 6,
): VirtualWindow {
  if (rowHeight <= 0) throw new Error('rowHeight must be positive');
  const totalHeight = Math.max(0, count * rowHeight);
  if (count <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  // the browser may report a scrollTop past the end while the content shrinks: clamp it
  const maxScroll = Math.max(0, totalHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxScroll);
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` into view (unchanged when it already is). */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return Math.max(0, rowBottom - viewportHeight);
  return scrollTop;
}

// Status, outcome and verdict badges with a colour per value (and the value in text, not colour alone).
export function Badge({
  value,
  kind,
}: {
  value: string | null | undefined;
  kind: 'status' | 'outcome' | 'review' | 'fix';
}) {
  if (!value) return <span className="muted">–</span>;
  return <span className={`badge ${kind}-${value}`}>{value}</span>;
}

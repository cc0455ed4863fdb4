// The live log console: the stored tail, then lines as they stream in, merged by sequence number; follows the end.
import { useEffect, useRef, useState } from 'react';
import type { LogLine } from '../../../../shared/contracts/schemas';
import { useApp } from '../../app/context';
import { Ansi } from '../../ui/Ansi';

const MAX_LOG_LINES = 5000;

export function LogConsole({ jobId }: { jobId: string }) {
  const { api } = useApp();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [follow, setFollow] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let seen = -1;
    const buffer: LogLine[] = [];
    const add = (incoming: LogLine[]) => {
      const fresh = incoming.filter((l) => l.seq > seen);
      if (!fresh.length) return;
      seen = fresh[fresh.length - 1]?.seq ?? seen;
      setLines((prev) => {
        const next = prev.concat(fresh);
        return next.length > MAX_LOG_LINES ? next.slice(next.length - MAX_LOG_LINES) : next;
      });
    };
    // subscribe first so nothing between the tail and the stream is lost, then merge by sequence number
    let loaded = false;
    const off = api.onLogsLine((l) => {
      if (l.jobId !== jobId) return;
      if (loaded) add([l]);
      else buffer.push(l);
    });
    api.logsTail({ jobId, limit: 2000 }).then(
      ({ lines: tail }) => {
        loaded = true;
        add([...tail, ...buffer].sort((a, b) => a.seq - b.seq));
      },
      () => {
        loaded = true;
      },
    );
    return off;
  }, [api, jobId]);
  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lines, follow]);
  return (
    <div className="logs-wrap">
      <div className="row small">
        <span className="muted" data-testid="log-count">
          {lines.length} line{lines.length === 1 ? '' : 's'}
        </span>
        <span className="spacer" />
        <label>
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> follow
        </label>
      </div>
      <div ref={box} className="logs" role="log" aria-label="live log" aria-live="off" tabIndex={0}>
        {lines.length === 0 && <span className="muted">waiting for output…</span>}
        {lines.map((l) => (
          <div key={l.seq} className={`log-line ${l.stream}`} data-seq={l.seq}>
            <span className="log-it">{l.iteration ?? '·'}</span>
            <Ansi text={l.text} />
          </div>
        ))}
      </div>
    </div>
  );
}

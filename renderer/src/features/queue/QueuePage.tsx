// Corpus & queue: import cases, queue controls, and the virtualized table of every job with filters, sort, search,
// multi-select and bulk actions (each in its own component: ImportPanel, QueueControls, JobsTable).
import { useApp } from '../../app/context';
import { ImportPanel } from './ImportPanel';
import { JobsTable } from './JobsTable';
import { QueueControls } from './QueueControls';

export function QueuePage() {
  const { jobs } = useApp();
  return (
    <div className="page queue-page">
      <div className="panels">
        <ImportPanel />
        <QueueControls />
      </div>
      {jobs ? (
        <JobsTable jobs={jobs} />
      ) : (
        <p className="muted" role="status">
          Loading jobs…
        </p>
      )}
    </div>
  );
}

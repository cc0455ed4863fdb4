// Import: a path on the host, an upload from the browser (files, a folder, a drop) or the desktop's dialog and
// drop; then the imported cases' targets to accept or change (TargetChooser) and a button to enqueue them.
import { DragEvent, useCallback, useRef, useState } from 'react';
import type { CaseSummary } from '../../../../shared/contracts/schemas';
import { useApp, useNotifyError } from '../../app/context';
import { formatBytes } from '../../../../shared/lib/format';
import { entriesFromDrop, entriesFromFileList, UploadEntry, uploadEntries } from '../../lib/upload';
import { TargetChooser } from './TargetChooser';
import { RowForm, RowInput } from '../../ui/RowForm';

type ImportResult = { cases: CaseSummary[]; errors: { path: string; message: string }[] };

export function ImportPanel() {
  const { api, notify, reloadJobs } = useApp();
  const notifyError = useNotifyError();
  const [path, setPath] = useState('');
  const [kind, setKind] = useState<'auto' | 'notebook' | 'case' | 'corpus'>('auto');
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<CaseSummary[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const folderPicker = useRef<HTMLInputElement>(null);

  // every way in (a host path, an upload, the desktop's dialog or drop) ends the same: what was imported, what not
  const runImport = async (verb: string, task: () => Promise<ImportResult | null>) => {
    setBusy(true);
    try {
      const res = await task();
      if (!res) return;
      setImported(res.cases);
      setProblems(res.errors.map((e) => `${e.path}: ${e.message}`));
      notify(
        `${verb} ${res.cases.length} case${res.cases.length === 1 ? '' : 's'}${res.errors.length ? `, ${res.errors.length} failed` : ''}`,
      );
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const doUpload = (entries: UploadEntry[]) => {
    if (!entries.length) return;
    const total = entries.reduce((n, e) => n + e.file.size, 0);
    void runImport('Uploaded and imported', async () => {
      setUpload({ sent: 0, total });
      try {
        return (await uploadEntries(api, entries, (sent) => setUpload({ sent, total }))).imported;
      } finally {
        setUpload(null);
      }
    });
  };

  // the desktop app imports chosen files where they are (native dialog, by path); a browser uploads them
  const desktop = window.nbreviveDesktop;
  const pick = (folder: boolean) => {
    if (!desktop) return (folder ? folderPicker : filePicker).current?.click();
    void runImport('Imported', async () => {
      const { paths } = await desktop.dialogsOpenImport({ folder });
      return paths.length ? desktop.casesImportPaths({ paths }) : null;
    });
  };

  const doImport = () => {
    if (!path.trim())
      return notify('Type the path of a notebook, a case folder or a corpus folder on the host', 'error');
    void runImport('Imported', () => api.casesImport({ path: path.trim(), kind }));
  };
  // a target accepted in the chooser: the imported list shows the cases as they are stored now
  const updateImported = useCallback(
    (updated: CaseSummary[]) => setImported((list) => list.map((c) => updated.find((u) => u.id === c.id) ?? c)),
    [],
  );
  const enqueue = async () => {
    try {
      const { jobs } = await api.jobsEnqueue({ caseIds: imported.map((c) => c.id) });
      notify(`Queued ${jobs.length} job${jobs.length === 1 ? '' : 's'}`);
      setImported([]);
      reloadJobs();
    } catch (e) {
      notifyError(e);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const text = e.dataTransfer.getData('text/plain') || e.dataTransfer.getData('text/uri-list');
    if (text) {
      setPath(text.replace(/^file:\/\//, '').trim());
      return;
    }
    const dropped = desktop ? [...e.dataTransfer.files].map((f) => desktop.pathForFile(f)).filter(Boolean) : [];
    if (desktop && dropped.length) {
      // in the desktop app a dropped file or folder has a path: import it directly
      void runImport('Imported', () => desktop.casesImportPaths({ paths: dropped }));
      return;
    }
    if (e.dataTransfer.files.length) {
      // a browser never learns a dropped file's path: the files travel to the host instead
      entriesFromDrop(e.dataTransfer).then(doUpload, notifyError);
    }
  };

  return (
    <section
      className={`panel import ${over ? 'drop-over' : ''}`}
      aria-labelledby="import-title"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id="import-title">Import</h2>
      <RowForm onSubmit={doImport}>
        <RowInput
          label="path on the host to import"
          placeholder="/path/on/host/notebook.ipynb, a case folder or a corpus folder (or drop files or a path here)"
          value={path}
          onChange={setPath}
        />
        <select aria-label="import as" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="auto">auto</option>
          <option value="notebook">notebook</option>
          <option value="case">case folder</option>
          <option value="corpus">corpus folder</option>
        </select>
        <button type="submit" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </RowForm>
      <div className="row">
        <span className="muted">{desktop ? 'or choose:' : 'or upload from this computer:'}</span>
        <button type="button" disabled={!!upload || busy} onClick={() => pick(false)}>
          {desktop ? 'Open notebooks…' : 'Upload notebooks…'}
        </button>
        <button type="button" disabled={!!upload || busy} onClick={() => pick(true)}>
          {desktop ? 'Open folder…' : 'Upload folder…'}
        </button>
        <input
          ref={filePicker}
          type="file"
          multiple
          accept=".ipynb"
          hidden
          aria-label="notebooks to upload"
          data-testid="upload-files"
          onChange={(e) => {
            const entries = entriesFromFileList(e.target.files ?? []);
            e.target.value = '';
            doUpload(entries);
          }}
        />
        <input
          ref={folderPicker}
          type="file"
          multiple
          hidden
          aria-label="folder to upload"
          data-testid="upload-folder"
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            const entries = entriesFromFileList(e.target.files ?? []);
            e.target.value = '';
            doUpload(entries);
          }}
        />
        {upload && (
          <span role="status" className="upload-progress">
            Uploading… <progress max={upload.total || 1} value={upload.sent} aria-label="upload progress" />{' '}
            {formatBytes(upload.sent)} of {formatBytes(upload.total)}
          </span>
        )}
      </div>
      {imported.length > 0 && (
        <div className="imported" aria-label="imported cases">
          <span>
            Imported:{' '}
            {imported
              .slice(0, 5)
              .map((c) => c.title || c.id)
              .join(', ')}
            {imported.length > 5 ? ` and ${imported.length - 5} more` : ''}
          </span>
          <button type="button" className="primary" onClick={() => void enqueue()}>
            Enqueue {imported.length} imported
          </button>
        </div>
      )}
      {imported.length > 0 && <TargetChooser cases={imported} onChosen={updateImported} />}
      {problems.length > 0 && (
        <ul className="problems" aria-label="import problems">
          {problems.slice(0, 5).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

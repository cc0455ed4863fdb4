// Import: a path on the host, an upload from the browser (files, a folder, a drop) or the desktop's dialog and
// drop; then the imported cases' targets to accept or change (TargetChooser) and a button to enqueue them.
import { ChangeEvent, DragEvent, useCallback, useRef, useState } from 'react';
import type { CaseSummary } from '../../../../shared/contracts/case-schemas';
import { useApp, useNotifyError } from '../../app/context';
import { formatBytes } from '../../../../shared/lib/format';
import { entriesFromDrop, entriesFromFileList, UploadEntry, uploadEntries } from '../../lib/upload';
import { TargetChooser } from './TargetChooser';
import { RowForm, RowInput } from '../../ui/RowForm';

type ImportResult = { cases: CaseSummary[]; errors: { path: string; message: string }[] };

export function ImportPanel() {
  const { api, notify } = useApp();
  const notifyError = useNotifyError();
  const [path, setPath] = useState('');
  const [over, setOver] = useState(false);
  const { busy, imported, problems, upload, runImport, doUpload, updateImported, enqueue } = useImports();

  // the desktop app imports chosen files where they are (native dialog, by path); a browser uploads them
  const desktop = window.nbreviveDesktop;
  const openDesktop = (folder: boolean) => {
    if (!desktop) return;
    void runImport('Imported', async () => {
      const { paths } = await desktop.dialogsOpenImport({ folder });
      return paths.length ? desktop.casesImportPaths({ paths }) : null;
    });
  };

  const doImport = (kind: ImportKind) => {
    if (!path.trim())
      return notify('Type the path of a notebook, a case folder or a corpus folder on the host', 'error');
    void runImport('Imported', () => api.casesImport({ path: path.trim(), kind }));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const text = e.dataTransfer.getData('text/plain') || e.dataTransfer.getData('text/uri-list');
    if (text) {
      setPath(text.replace(/^file:\/\//, '').trim());
      return;
    }
    const dropped = desktop
      ? Array.from(e.dataTransfer.files)
          .map((f) => desktop.pathForFile(f))
          .filter(Boolean)
      : [];
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
      <HostPathForm path={path} setPath={setPath} busy={busy} submit={doImport} />
      <UploadRow
        desktop={!!desktop}
        disabled={!!upload || busy}
        upload={upload}
        openDesktop={openDesktop}
        uploadFiles={doUpload}
      />
      {imported.length > 0 && <ImportedCases imported={imported} enqueue={() => void enqueue()} />}
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

/**
 * What the panel imported and how: every way in (a host path, an upload, the desktop's dialog or drop) ends the same,
 * with what was imported and what not; then the imported cases' targets change and they are queued.
 */
function useImports() {
  const { api, notify, reloadJobs } = useApp();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const [imported, setImported] = useState<CaseSummary[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ sent: number; total: number } | null>(null);

  const runImport = async (verb: string, task: () => Promise<ImportResult | null>) => {
    setBusy(true);
    try {
      const res = await task();
      if (!res) return;
      setImported(res.cases);
      setProblems(res.errors.map((e) => `${e.path}: ${e.message}`));
      notify(
        `${verb} ${res.cases.length} ` +
          `case${res.cases.length === 1 ? '' : 's'}${res.errors.length ? `, ${res.errors.length} failed` : ''}`,
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
  return { busy, imported, problems, upload, runImport, doUpload, updateImported, enqueue };
}

type ImportKind = 'auto' | 'notebook' | 'case' | 'corpus';

/** A path on the host (typed or dropped) and what to import it as. */
function HostPathForm({
  path,
  setPath,
  busy,
  submit,
}: {
  path: string;
  setPath: (path: string) => void;
  busy: boolean;
  submit: (kind: ImportKind) => void;
}) {
  const [kind, setKind] = useState<ImportKind>('auto');
  return (
    <RowForm onSubmit={() => submit(kind)}>
      <RowInput
        label="path on the host to import"
        placeholder="/path/on/host/notebook.ipynb, a case folder or a corpus folder (or drop files or a path here)"
        value={path}
        onChange={setPath}
      />
      <select aria-label="import as" value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
        <option value="auto">auto</option>
        <option value="notebook">notebook</option>
        <option value="case">case folder</option>
        <option value="corpus">corpus folder</option>
      </select>
      <button type="submit" disabled={busy}>
        {busy ? 'Importing…' : 'Import'}
      </button>
    </RowForm>
  );
}

/** Notebooks or a folder from this computer: the desktop's dialog, or a browser's file inputs and upload progress. */
function UploadRow({
  desktop,
  disabled,
  upload,
  openDesktop,
  uploadFiles,
}: {
  desktop: boolean;
  disabled: boolean;
  upload: { sent: number; total: number } | null;
  openDesktop: (folder: boolean) => void;
  uploadFiles: (entries: UploadEntry[]) => void;
}) {
  const filePicker = useRef<HTMLInputElement>(null);
  const folderPicker = useRef<HTMLInputElement>(null);
  const pick = (folder: boolean) => {
    if (!desktop) return (folder ? folderPicker : filePicker).current?.click();
    openDesktop(folder);
  };
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const entries = entriesFromFileList(e.target.files ?? []);
    e.target.value = '';
    uploadFiles(entries);
  };
  return (
    <div className="row">
      <span className="muted">{desktop ? 'or choose:' : 'or upload from this computer:'}</span>
      <button type="button" disabled={disabled} onClick={() => pick(false)}>
        {desktop ? 'Open notebooks…' : 'Upload notebooks…'}
      </button>
      <button type="button" disabled={disabled} onClick={() => pick(true)}>
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
        onChange={chosen}
      />
      <input
        ref={folderPicker}
        type="file"
        multiple
        hidden
        aria-label="folder to upload"
        data-testid="upload-folder"
        {...{ webkitdirectory: '' }}
        onChange={chosen}
      />
      {upload && (
        <span role="status" className="upload-progress">
          Uploading… <progress max={upload.total || 1} value={upload.sent} aria-label="upload progress" />{' '}
          {formatBytes(upload.sent)} of {formatBytes(upload.total)}
        </span>
      )}
    </div>
  );
}

/** The cases the last import made, the first five named, and the button that queues them all. */
function ImportedCases({ imported, enqueue }: { imported: CaseSummary[]; enqueue: () => void }) {
  return (
    <div className="imported" aria-label="imported cases">
      <span>
        Imported:{' '}
        {imported
          .slice(0, 5)
          .map((c) => c.title || c.id)
          .join(', ')}
        {imported.length > 5 ? ` and ${imported.length - 5} more` : ''}
      </span>
      <button type="button" className="primary" onClick={enqueue}>
        Enqueue {imported.length} imported
      </button>
    </div>
  );
}

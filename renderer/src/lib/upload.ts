// Sending picked or dropped files to the host (`app:cases.upload`): a browser cannot tell the host a file's path,
// so the bytes travel, in chunks of UPLOAD_CHUNK_BYTES packed into requests of at most that size, into one upload
// folder; the last request imports it. Folders keep their relative paths, so a case folder stays a case.
import type { NbreviveApi } from '../../../shared/contracts/api';
import { UPLOAD_CHUNK_BYTES } from '../../../shared/contracts/case-schemas';

export interface UploadEntry {
  /** relative path inside the upload ('case/input/train.csv') */
  path: string;
  file: Blob;
}

export interface ChunkRef {
  entry: number;
  start: number;
  end: number;
  append: boolean;
}

/**
 * The requests an upload takes: each holds whole small files or one slice of a large one, never more than
 * `limit` bytes in all. Empty files still get one (empty) chunk so they exist on the host.
 */
export function planUpload(sizes: readonly number[], limit = UPLOAD_CHUNK_BYTES): ChunkRef[][] {
  const batches: ChunkRef[][] = [];
  let batch: ChunkRef[] = [];
  let bytes = 0;
  sizes.forEach((size, entry) => {
    let start = 0;
    do {
      const end = Math.min(size, start + limit - bytes);
      if (end === start && size > 0) {
        batches.push(batch);
        batch = [];
        bytes = 0;
        continue;
      }
      batch.push({ entry, start, end, append: start > 0 });
      bytes += end - start;
      start = end;
      if (bytes >= limit) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
    } while (start < size);
  });
  if (batch.length || batches.length === 0) batches.push(batch);
  return batches;
}

/** Standard base64 of bytes, in slices so a 4 MB chunk does not overflow the argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type UploadResult = Awaited<ReturnType<NbreviveApi['casesUpload']>>;

/** Uploads the entries and imports them; `onProgress` gets bytes sent of the total after each request. */
export async function uploadEntries(
  api: Pick<NbreviveApi, 'casesUpload'>,
  entries: readonly UploadEntry[],
  onProgress?: (sent: number, total: number) => void,
): Promise<UploadResult> {
  if (!entries.length) throw new Error('Choose at least one notebook or folder to upload');
  const total = entries.reduce((n, e) => n + e.file.size, 0);
  const batches = planUpload(entries.map((e) => e.file.size));
  let uploadId: string | null = null;
  let sent = 0;
  let result: UploadResult | null = null;
  for (const [i, batch] of batches.entries()) {
    const files = await Promise.all(
      batch.map(async (c) => {
        const entry = entries[c.entry] as UploadEntry;
        const bytes = new Uint8Array(await entry.file.slice(c.start, c.end).arrayBuffer());
        return { path: entry.path, base64: toBase64(bytes), append: c.append };
      }),
    );
    result = await api.casesUpload({ uploadId, files, finish: i === batches.length - 1 });
    uploadId = result.uploadId;
    sent += batch.reduce((n, c) => n + c.end - c.start, 0);
    onProgress?.(sent, total);
  }
  return result as UploadResult;
}

/** Files from an <input type=file> (a picked folder carries webkitRelativePath). */
export function entriesFromFileList(files: FileList | readonly File[]): UploadEntry[] {
  return Array.from(files).map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/** Files and folders dropped on the page, folders walked (Chromium and Firefox expose webkitGetAsEntry). */
export async function entriesFromDrop(data: DataTransfer): Promise<UploadEntry[]> {
  const roots = Array.from(data.items).flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry() : null;
    return entry ? [entry] : [];
  });
  if (!roots.length) return entriesFromFileList(data.files);
  const out: UploadEntry[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile) {
      const file = await new Promise<File>((ok, fail) => (entry as FileSystemFileEntry).file(ok, fail));
      out.push({ path: rel, file });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in pages until an empty one
      for (;;) {
        const page = await new Promise<FileSystemEntry[]>((ok, fail) => reader.readEntries(ok, fail));
        if (!page.length) break;
        for (const child of page) if (!child.name.startsWith('.')) await walk(child, rel);
      }
    }
  };
  for (const root of roots) await walk(root, '');
  return out;
}

// The store's public surface: open a database and the record types its repositories hand out.
export { openStore, Store } from './store';
export type { OpenStoreOptions } from './store';
export { userDataDir, defaultDbPath, resolveDbPath, APP_NAME, DB_FILE_NAME } from './paths';
export { hashContent } from './blobs';
export type { BlobContent, BlobInfo } from './blobs';
export { SCHEMA_VERSION } from './migrations';
export type { CaseRecord, CaseSummary, CaseListQuery, CaseSortKey } from './cases';
export { TERMINAL_STATUSES } from './jobs';
export type { Job, JobError, JobPatch, JobListQuery, JobSortKey, NewJob, Review } from './jobs';
export type { IterationInput, IterationContent } from './iterations';
export { LogStreamSchema } from './logs';
export type { LogInput, LogLine, LogStream, LogTailOptions } from './logs';
export type { FixMemoryEntry } from './fix-memory';
export type { Page, SortOrder } from './context';

// Helpers shared by several python rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).

export const py = (version: string, date: string) => ({ package: 'python', version, date });

// Helpers shared by several matplotlib rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).

export const MPL = 'matplotlib';

export const mpl = (version: string, date: string) => ({ package: MPL, version, date });

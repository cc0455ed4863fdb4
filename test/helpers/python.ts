// The Python interpreter integration tests execute notebooks with: NBREVIVE_PYTHON, else Debian's /usr/bin/python3
// (the reference environment of ../shared/ENVIRONMENT.md).
export const TEST_PYTHON = process.env.NBREVIVE_PYTHON ?? '/usr/bin/python3';

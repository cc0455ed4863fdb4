// Runs once before the test files: nothing to start yet (Docker is started lazily by the Docker tests).
export default function setup(): void {
  process.env.NBREVIVE_TEST = '1';
}

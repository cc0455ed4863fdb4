// The workbench shell (the screens arrive with the UI issue).
export function App() {
  return <main aria-label="nbrevive workbench">nbrevive</main>;
}

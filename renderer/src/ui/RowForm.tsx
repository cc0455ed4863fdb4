// A one-line form (class `row`): a text input that takes the free width and the controls after it. Submitting it
// (the button or Enter) calls `onSubmit` instead of loading a page.
import type { ReactNode } from 'react';

export function RowForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** The row's text input, named by `label` for assistive technology, growing to the free width. */
export function RowInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      className="grow"
    />
  );
}

import { cloneElement, useId, type ReactElement } from 'react';

/**
 * A labelled form field of the curation screens: the input (the one child) gets its id, its
 * error or hint as its description, and aria-invalid while the error shows.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly children: ReactElement;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="field-input">
        {/* The input gets its id and its description from here. */}
        {cloneWithIds(children, id, (error ?? hint) ? `${id}-note` : undefined, Boolean(error))}
      </span>
      {error ? (
        <span id={`${id}-note`} className="field-error">
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-note`} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

function cloneWithIds(
  element: ReactElement,
  id: string,
  describedBy: string | undefined,
  invalid: boolean,
) {
  return cloneElement(element as ReactElement<Record<string, unknown>>, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  });
}

import type { HTMLInputAutoCompleteAttribute, HTMLAttributes, ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

export interface TextFieldProps<T extends FieldValues> {
  /** The react-hook-form field this input edits. */
  readonly control: Control<T>;
  readonly name: FieldPathByValue<T, string>;
  /** Fields checked again when this one changes (a password's confirmation). */
  readonly deps?: FieldPath<T>[];
  /** Cleans what is typed before the form stores it (digits only for codes). */
  readonly sanitize?: (raw: string) => string;
  readonly id: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password' | 'tel';
  readonly autoComplete?: HTMLInputAutoCompleteAttribute;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly hint?: string;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  /** Something beside the input (the password's show/hide toggle). */
  readonly addon?: ReactNode;
}

/** A labelled input whose error (after touch) is tied to it with aria-invalid/-describedby. */
export function TextField<T extends FieldValues>({
  control,
  name,
  deps,
  sanitize,
  id,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  pattern,
  hint,
  disabled,
  autoFocus,
  addon,
}: TextFieldProps<T>) {
  // Destructured so every render reads them: react-hook-form re-renders a field only for state
  // it has read, and a read behind a condition can miss an update.
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error: check, isTouched },
    formState: { isSubmitted },
  } = useController({ control, name, rules: { deps } });
  // §5: errors show once the field was left or the form submitted. A field checked through
  // another's `deps` (the confirmation, while the password is typed) waits for its own touch.
  const error = isTouched || isSubmitted ? check?.message : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className={addon ? 'input-row' : undefined}>
        <input
          id={id}
          name={id}
          ref={ref}
          type={type}
          value={value}
          onChange={(event) => onChange(sanitize?.(event.target.value) ?? event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          pattern={pattern}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

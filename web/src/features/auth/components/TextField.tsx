import type { HTMLInputAutoCompleteAttribute, HTMLAttributes, ReactNode } from 'react';
import type { FieldProps } from './use-form';

export interface TextFieldProps extends FieldProps {
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
export function TextField({
  id,
  label,
  type = 'text',
  value,
  onChange,
  onBlur,
  error,
  inputRef,
  autoComplete,
  inputMode,
  maxLength,
  pattern,
  hint,
  disabled,
  autoFocus,
  addon,
}: TextFieldProps) {
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
          ref={inputRef}
          type={type}
          value={value}
          onChange={onChange}
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

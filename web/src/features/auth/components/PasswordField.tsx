import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide toggle (SPEC §2 Login screen). */
export function PasswordField<T extends FieldValues>(
  props: Omit<TextFieldProps<T>, 'type' | 'addon'>,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="toggle-visibility"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={
            visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
          }
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

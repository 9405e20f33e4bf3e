import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { TextField } from './TextField';

/** The e-mail input of the auth forms (SPEC §2 'Email address'), for a form with an `email`. */
export function EmailField<T extends FieldValues & { email: string }>({
  control,
  autoComplete,
}: {
  readonly control: Control<T>;
  /** 'username' where it signs in (password managers pair it with the password), else 'email'. */
  readonly autoComplete: 'email' | 'username';
}) {
  return (
    <TextField
      id="email"
      label="Email address"
      type="email"
      autoComplete={autoComplete}
      control={control}
      name={'email' as FieldPathByValue<T, string>}
    />
  );
}

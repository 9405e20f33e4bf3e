import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';

/**
 * The form of every auth screen: no browser validation (§5's texts show instead), and a submit
 * that is ignored, validation included, while its request runs; otherwise `onValid` gets the
 * values once the schema accepts them.
 */
export function AuthForm<T extends FieldValues>({
  form,
  busy,
  onValid,
  children,
}: {
  readonly form: UseFormReturn<T>;
  readonly busy: boolean;
  readonly onValid: SubmitHandler<T>;
  readonly children: ReactNode;
}) {
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void form.handleSubmit(onValid)(event);
      }}
    >
      {children}
    </form>
  );
}

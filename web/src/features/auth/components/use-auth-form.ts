import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';

/**
 * react-hook-form over a zod schema with SPEC §5's timing: a field is checked once it was left
 * ('onTouched'), then as it changes; a submit checks all and focuses the first invalid field.
 */
export function useAuthForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({ mode: 'onTouched', resolver: zodResolver(schema), defaultValues });
}

/**
 * A form's onSubmit: ignored, validation included, while its request runs (busy); otherwise
 * `onValid` gets the values once the schema accepts them.
 */
export function submitUnlessBusy<T extends FieldValues>(
  event: FormEvent,
  busy: unknown,
  form: UseFormReturn<T>,
  onValid: SubmitHandler<T>,
): void {
  if (busy) event.preventDefault();
  else void form.handleSubmit(onValid)(event);
}

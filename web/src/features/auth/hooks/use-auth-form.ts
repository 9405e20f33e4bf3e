import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
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

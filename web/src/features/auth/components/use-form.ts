import { useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';

/** A field's rule: the error text for a value, or undefined when it is fine. */
export type Rule<K extends string> = (
  value: string,
  values: Readonly<Record<K, string>>,
) => string | undefined;

/** A zod-like schema as a rule: its first issue's message (zod stays in the lazy screens). */
export function fromSchema<K extends string>(schema: {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { message: string }[] };
  };
}): Rule<K> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? 'Invalid value');
  };
}

export interface FieldProps {
  readonly value: string;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly onBlur: () => void;
  readonly error: string | undefined;
  readonly inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * Form state with the §5 rule "errors show after the field is touched": a field is touched on
 * blur or when the form is submitted; submitting an invalid form focuses its first invalid field.
 */
export function useForm<K extends string>(
  initial: Readonly<Record<K, string>>,
  rules: Partial<Readonly<Record<K, Rule<K>>>>,
  sanitize: Partial<Readonly<Record<K, (raw: string) => string>>> = {},
) {
  const [values, setValues] = useState<Record<K, string>>({ ...initial });
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const inputs = useRef(new Map<K, HTMLInputElement>());

  const errors = useMemo(() => {
    const found: Partial<Record<K, string>> = {};
    for (const key of Object.keys(initial) as K[]) {
      const message = rules[key]?.(values[key], values);
      if (message) found[key] = message;
    }
    return found;
    // `initial` and `rules` are the caller's constants for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);

  const setValue = useCallback(
    (key: K, raw: string) => {
      const clean = sanitize[key]?.(raw) ?? raw;
      setValues((current) => ({ ...current, [key]: clean }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const field = (key: K): FieldProps => ({
    value: values[key],
    onChange: (event) => setValue(key, event.target.value),
    onBlur: () => setTouched((current) => (current[key] ? current : { ...current, [key]: true })),
    error: touched[key] ? errors[key] : undefined,
    inputRef: (element) => {
      if (element) inputs.current.set(key, element);
      else inputs.current.delete(key);
    },
  });

  /** Touches every field; true when the form is valid, else focuses the first invalid field. */
  const validateAll = (): boolean => {
    const keys = Object.keys(initial) as K[];
    setTouched(Object.fromEntries(keys.map((key) => [key, true])) as Record<K, boolean>);
    const firstInvalid = keys.find((key) => errors[key] !== undefined);
    if (firstInvalid === undefined) return true;
    inputs.current.get(firstInvalid)?.focus();
    return false;
  };

  const focus = (key: K) => inputs.current.get(key)?.focus();

  return { values, errors, field, setValue, validateAll, focus };
}

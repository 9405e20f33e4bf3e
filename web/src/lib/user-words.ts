import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Core's rules name the fields they refuse by their code names ("gradingCompany must not be
 * empty", "grossProfit = revenue − costOfRevenue"): right for an API caller, not for someone at a
 * form. This is the one place a form's messages are put in the words its labels use.
 */

/** Code name → the label the form shows for it. */
export type FieldLabels = Readonly<Record<string, string>>;

const WORD = /[A-Za-z][A-Za-z0-9]*/g;
// A code name reads as one: camelCase ("costOfRevenue"), never an English word.
const CODE_NAME = /^[a-z]+[A-Z0-9]/;

/**
 * The message with the fields' code names replaced by their labels: every camelCase name the
 * labels know, and the leading word when it names a field ("high must not be below low" →
 * "High target must not be below low"). `every` replaces each known word (a formula of line names,
 * where "revenue" is a field too).
 */
export function inUserWords(
  message: string,
  labels: FieldLabels,
  { every = false }: { readonly every?: boolean } = {},
): string {
  const lead = message.search(/\S/);
  return message.replace(WORD, (word: string, offset: number) => {
    if (!Object.hasOwn(labels, word)) return word;
    return every || offset === lead || CODE_NAME.test(word) ? labels[word]! : word;
  });
}

/** The labels of a form's fields by the last segment of their paths ('priceTarget.high' → high). */
export function labelsOf(
  fields: readonly { readonly path: string; readonly label: string }[],
): Record<string, string> {
  return Object.fromEntries(fields.map(({ path, label }) => [path.split('.').pop()!, label]));
}

/** Every message of a react-hook-form error tree in the user's words (`ref`s left as they are). */
function rewrite(node: unknown, labels: FieldLabels): unknown {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, labels));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'ref'
        ? value
        : key === 'message' && typeof value === 'string'
          ? inUserWords(value, labels)
          : rewrite(value, labels),
    ]),
  );
}

/** A form's resolver whose messages speak the form's labels. */
export function labelledResolver<Form extends FieldValues, Context, Output>(
  resolver: Resolver<Form, Context, Output>,
  labels: FieldLabels,
): Resolver<Form, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: rewrite(result.errors, labels) as FieldErrors<Form> } as Awaited<
      ReturnType<Resolver<Form, Context, Output>>
    >;
  };
}

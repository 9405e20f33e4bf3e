import type { FieldErrors, Resolver } from 'react-hook-form';
import { zakatSettingsSchema, type ZakatMethod } from '@core/portfolio/zakat';
import type { ZakatChoices } from './zakat-choices';

/** The zakat form's fields as typed; methods by symbol. */
export interface ZakatFormValues {
  date: string;
  year: ZakatChoices['year'];
  nisabMetal: ZakatChoices['nisabMetal'];
  pricePerGram: string;
  otherWealth: string;
  methods: Record<string, ZakatMethod>;
}

export const ZAKAT_FIELD_LABELS = {
  date: 'Date',
  year: 'Year',
  nisabMetal: 'Nisab metal',
  pricePerGram: 'Price per gram',
  otherWealth: 'Other zakatable wealth',
} as const;

const number = (text: string): number | undefined => {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? undefined : Number(trimmed);
};

/**
 * The estimate's settings checked with core's own schema (zakatSettingsSchema), its messages in
 * the form's words.
 */
export const zakatResolver: Resolver<ZakatFormValues, unknown, ZakatChoices> = async (values) => {
  const price = number(values.pricePerGram);
  const other = number(values.otherWealth);
  const parsed = zakatSettingsSchema.safeParse({
    date: values.date,
    year: values.year,
    nisabMetal: values.nisabMetal,
    pricePerGram: price ?? Number.NaN,
    ...(other === undefined ? {} : { otherWealth: other }),
  });
  if (parsed.success) return { values: { ...parsed.data, methods: values.methods }, errors: {} };
  const errors: FieldErrors<ZakatFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as keyof typeof ZAKAT_FIELD_LABELS;
    const label = ZAKAT_FIELD_LABELS[field] ?? field;
    const message =
      field === 'pricePerGram' && price === undefined
        ? `${label} is required`
        : issue.message.replace(new RegExp(`^${field}\\b`), label);
    errors[field] ??= { type: issue.code, message };
  }
  return { values: {}, errors };
};

import * as z from 'zod';
import {
  DATE_FORMATS,
  IMPORT_FIELDS,
  IMPORT_PRESETS,
  type ColumnMapping,
  type ImportField,
} from '@core/portfolio/csv-import';

/** The mapping screen's values: a column per field ('' when the file has none), the date format. */
export const mappingFormSchema = z
  .object({
    preset: z.string(),
    dateFormat: z.enum(DATE_FORMATS),
    columns: z.object(
      Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.string()])) as Record<
        ImportField,
        z.ZodString
      >,
    ),
  })
  .superRefine(({ columns }, ctx) => {
    const need = (field: ImportField, message: string, also?: ImportField) => {
      if (columns[field] === '' && (also === undefined || columns[also] === '')) {
        ctx.addIssue({ code: 'custom', path: ['columns', field], message });
      }
    };
    need('date', 'Choose the column that holds the date.');
    need('type', 'Choose the column that holds the type of transaction.');
    need('symbol', 'Choose the column that holds the symbol, or the one with the ISIN.', 'isin');
  });
export type MappingForm = z.infer<typeof mappingFormSchema>;

/** The preset picker's value when the columns were guessed from the file's header. */
export const GUESSED = '';

/** The form's values for a mapping: each column as the file spells it, or '' when it has none. */
export function formOf(
  mapping: ColumnMapping,
  header: readonly string[],
  preset: string = GUESSED,
): MappingForm {
  const inFile = (name: string | undefined) =>
    header.find((h) => name !== undefined && h.trim().toLowerCase() === name.toLowerCase()) ?? '';
  return {
    preset,
    dateFormat: mapping.dateFormat,
    columns: Object.fromEntries(
      IMPORT_FIELDS.map((f) => [f, inFile(mapping.columns[f])]),
    ) as MappingForm['columns'],
  };
}

/** The form's values as the API's mapping: the fields without a column left out. */
export function mappingOf(form: MappingForm): ColumnMapping {
  return {
    dateFormat: form.dateFormat,
    columns: Object.fromEntries(
      IMPORT_FIELDS.filter((f) => form.columns[f] !== '').map((f) => [f, form.columns[f]]),
    ),
  };
}

export const presetById = (id: string) => IMPORT_PRESETS.find((p) => p.id === id);

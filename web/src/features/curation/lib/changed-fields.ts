/** One line of a version's change: a field's value before and after, as the history shows it. */
export interface FieldChange {
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

/** A field of an item by its dotted path ('priceTarget.low'), with the label the screen uses. */
export interface ItemField {
  readonly path: string;
  readonly label: string;
  /** How the history shows a present value when `shown` would not say it well (a flag). */
  readonly show?: (value: unknown) => string;
}

/** A list of rows (grades, revenue sources): compared as rows, each described in one line. */
export interface ItemRows<Row> {
  readonly path: string;
  /** The singular, as in 'Grade added'. */
  readonly label: string;
  readonly describe: (row: Row) => string;
}

const NONE = '—';

const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      value,
    );

/** A value as the history shows it: numbers with thousands separators, absent as a dash. */
export function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return NONE;
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  return String(value);
}

/** `rows` less one occurrence of each of `less` (a row listed twice counts twice). */
function without(rows: readonly string[], less: readonly string[]): string[] {
  const left = [...less];
  return rows.filter((row) => {
    const index = left.indexOf(row);
    if (index === -1) return true;
    left.splice(index, 1);
    return false;
  });
}

/**
 * What a version changed, before → after: the fields whose value differs, then the rows removed
 * and added (a row list is compared as rows, so re-sorting it is no change). An item that did not
 * exist before shows every field it set.
 */
export function changedFields(
  before: unknown,
  after: unknown,
  fields: readonly ItemField[],
  rowLists: readonly ItemRows<never>[] = [],
): FieldChange[] {
  const changes: FieldChange[] = fields
    .map(({ path, label, show }) => {
      const text = (value: unknown) =>
        show && value !== undefined && value !== null ? show(value) : shown(value);
      return { label, before: text(at(before, path)), after: text(at(after, path)) };
    })
    .filter((change) => change.before !== change.after);
  for (const { path, label, describe } of rowLists as readonly ItemRows<unknown>[]) {
    const rowsOf = (value: unknown) => {
      const list = at(value, path);
      return Array.isArray(list) ? list.map((row) => describe(row)) : [];
    };
    const old = rowsOf(before);
    const now = rowsOf(after);
    for (const row of without(old, now))
      changes.push({ label: `${label} removed`, before: row, after: NONE });
    for (const row of without(now, old))
      changes.push({ label: `${label} added`, before: NONE, after: row });
  }
  return changes;
}

import { compareSheetsNewestFirst, identifyStatement, parseSheetId } from '../market/statements';
import type { StatementByKind, StatementKind } from '../market/types';

/** A company's sheets of one kind, annual and quarterly, newest first (as stored). */
export interface SheetCollection<K extends StatementKind = StatementKind> {
  readonly annual: readonly StatementByKind[K][];
  readonly quarter: readonly StatementByKind[K][];
}

/** The sheet `id` of the collection, if it has it. */
export function findSheet<K extends StatementKind>(
  kind: K,
  collection: SheetCollection<K>,
  id: string,
): StatementByKind[K] | undefined {
  for (const period of ['annual', 'quarter'] as const) {
    const found = collection[period].find(
      (statement) => identifyStatement(kind, statement).id === id,
    );
    if (found) return found;
  }
  return undefined;
}

/** The collection with sheet `id` replaced, added (in newest-first order) or removed (null). */
export function withSheet<C extends SheetCollection>(
  collection: C,
  id: string,
  after: StatementByKind[StatementKind] | null,
): C {
  const target = parseSheetId(id);
  if (!target) return collection;
  const period = target.quarter === 0 ? 'annual' : 'quarter';
  const kind = target.kind;
  const kept = (collection[period] as readonly StatementByKind[StatementKind][]).filter(
    (statement) => identifyStatement(kind, statement).id !== id,
  );
  const items = after ? [...kept, after] : kept;
  const sorted = [...items].sort((a, b) =>
    compareSheetsNewestFirst(identifyStatement(kind, a), identifyStatement(kind, b)),
  );
  return { ...collection, [period]: sorted };
}

import {
  SHEET_CONFLICT_MESSAGE,
  sheetIdOf,
  toSheetInput,
  toStatement,
  type SheetInput,
} from '../../core/curation/sheet';
import { findSheet, withSheet, type SheetCollection } from '../../core/curation/sheet-collection';
import { Conflict, Invalid, NotFound } from '../../core/domain-errors';
import type { Action } from '../../core/permissions';
import {
  compareSheetsNewestFirst,
  identifyStatement,
  parseSheetId,
  sheetLabel,
  STATEMENT_KINDS,
} from '../../core/market/statements';
import { ttmCashFlowStatement, ttmIncomeStatement } from '../../core/market/ttm';
import type { StatementByKind, StatementKind } from '../../core/market/types';
import type {
  SheetChange,
  SheetChangeSource,
  SheetCollectionState,
  SheetMeta,
  SheetStore,
} from '../ports/sheet-store';
import type { StatementCollection } from '../ports/stocks-repository';
import type { UsersRepository } from '../ports/users-repository';
import { CuratorAccess, curatorName, type Curator } from './curator-access';

/** A row of the console's sheet list: the §3 descriptor with who changed the sheet last. */
export interface CuratedSheetRow {
  readonly id: string;
  readonly label: string;
  readonly sheetType: StatementKind;
  readonly year: number;
  readonly quarter: number;
  readonly isAnnual: boolean;
  /** Derived from the last four quarters: shown, never edited. */
  readonly isTTM: boolean;
  readonly date: string;
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

/** One sheet as the editor loads it. */
export interface CuratedSheet extends CuratedSheetRow {
  readonly isin: string;
  readonly sheet: SheetInput;
}

/** One version of a sheet in its history (before null: added; after null: deleted). */
export interface SheetVersion {
  readonly id: string;
  readonly version: number;
  readonly source: SheetChangeSource;
  readonly before: SheetInput | null;
  readonly after: SheetInput | null;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** What a company's import did (or, on a dry run, would do). */
export interface SheetImportSummary {
  readonly isin: string;
  readonly dryRun: boolean;
  readonly added: number;
  readonly replaced: number;
  readonly unchanged: number;
}

export interface SheetServiceDeps {
  readonly store: SheetStore;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly clock?: () => Date;
}

/**
 * A lost race on the kind's item says only that someone changed *some* sheet of the kind: the
 * service reads again and lets the edited sheet's own version decide. Bounded, because each retry
 * follows a write that succeeded for someone else.
 */
const MAX_ATTEMPTS = 8;

const ttmOf = (kind: StatementKind, collection: StatementCollection) => {
  if (kind === 'income') {
    return ttmIncomeStatement(collection.quarter as StatementCollection<'income'>['quarter']);
  }
  if (kind === 'cash') {
    return ttmCashFlowStatement(collection.quarter as StatementCollection<'cash'>['quarter']);
  }
  return undefined;
};

/**
 * Curation of statement sheets (resource SHEETS of §6): list, read, add, edit, delete and restore,
 * each authorised with core's permission rule for the action and the ISIN before anything is read.
 * Writes are versioned per sheet: a stale version is a Conflict and writes nothing; the audit entry
 * is written in the same transaction. TTM sheets are derived, never stored.
 */
export class SheetService {
  private readonly clock: () => Date;
  private readonly access: CuratorAccess;

  constructor(private readonly deps: SheetServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.access = new CuratorAccess(deps.users);
  }

  async list(curator: Curator, isin: string): Promise<CuratedSheetRow[]> {
    await this.authorize(curator, 'read', isin);
    const rows: CuratedSheetRow[] = [];
    for (const kind of STATEMENT_KINDS) {
      const state = await this.existing(isin, kind);
      const ttm = ttmOf(kind, state.collection);
      if (ttm) rows.push(rowOf(kind, ttm, undefined));
      for (const period of ['annual', 'quarter'] as const) {
        for (const statement of state.collection[period]) {
          rows.push(rowOf(kind, statement, state.meta));
        }
      }
    }
    return rows.sort(compareSheetsNewestFirst);
  }

  async get(curator: Curator, isin: string, id: string): Promise<CuratedSheet> {
    await this.authorize(curator, 'read', isin);
    const { kind } = this.parse(id);
    const state = await this.existing(isin, kind);
    const statement = find(state, id);
    if (!statement) throw new NotFound(`No sheet ${id} for ${isin}`);
    return curatedSheet(isin, kind, statement, state.meta);
  }

  async history(curator: Curator, isin: string, id: string): Promise<SheetVersion[]> {
    await this.authorize(curator, 'read', isin);
    const { kind } = this.parse(id);
    await this.existing(isin, kind);
    const revisions = await this.deps.store.history(isin, kind);
    return revisions.flatMap((revision) =>
      revision.changes
        .filter((change) => change.id === id)
        .map((change) => ({
          id,
          version: change.version,
          source: revision.source,
          before: change.before && toSheetInput(kind, isin, change.before),
          after: change.after && toSheetInput(kind, isin, change.after),
          updatedAt: revision.updatedAt,
          updatedBy: revision.updatedBy,
        })),
    );
  }

  async create(curator: Curator, isin: string, sheet: SheetInput): Promise<CuratedSheet> {
    await this.authorize(curator, 'create', isin);
    this.assertIsin(isin, sheet);
    const id = sheetIdOf(sheet);
    return this.change(curator, isin, id, 'edit', (current) => {
      if (current) throw new Conflict(`${sheetLabel(sheet.sheetType, id)} exists: edit it instead`);
      return { expectedVersion: 0, next: sheet };
    });
  }

  async update(
    curator: Curator,
    isin: string,
    id: string,
    sheet: SheetInput,
    version: number,
  ): Promise<CuratedSheet> {
    await this.authorize(curator, 'update', isin);
    this.assertIsin(isin, sheet);
    const target = this.parse(id);
    if (sheet.sheetType !== target.kind) {
      throw new Invalid(`must be "${target.kind}", the kind of sheet ${id}`, 'sheet.sheetType');
    }
    if (sheetIdOf(sheet) !== id) {
      throw new Invalid(
        `the period of sheet ${id} cannot change: add a sheet for the new period instead`,
        sheet.year !== target.year ? 'sheet.year' : 'sheet.quarter',
      );
    }
    return this.change(curator, isin, id, 'edit', (current) => {
      if (!current) throw new NotFound(`No sheet ${id} for ${isin}`);
      return { expectedVersion: version, next: sheet };
    });
  }

  async remove(curator: Curator, isin: string, id: string, version: number): Promise<void> {
    await this.authorize(curator, 'delete', isin);
    this.parse(id);
    await this.change(curator, isin, id, 'delete', (current) => {
      if (!current) throw new NotFound(`No sheet ${id} for ${isin}`);
      return { expectedVersion: version, next: null };
    });
  }

  /** Makes a kept version current again: a new version, audited like any edit. */
  async restore(
    curator: Curator,
    isin: string,
    id: string,
    version: number,
    expectedVersion: number,
  ): Promise<CuratedSheet> {
    await this.authorize(curator, 'update', isin);
    const { kind } = this.parse(id);
    const revisions = await this.deps.store.history(isin, kind);
    const kept = revisions
      .flatMap((revision) => revision.changes)
      .find((change) => change.id === id && change.version === version);
    if (!kept?.after) throw new NotFound(`Version ${version} of sheet ${id} is not kept`);
    const sheet = toSheetInput(kind, isin, kept.after);
    return this.change(curator, isin, id, 'restore', () => ({ expectedVersion, next: sheet }));
  }

  /**
   * One company's bulk import: every sheet added or replaced (an identical one left alone), all
   * kinds in one transaction so the company is all-or-nothing, each kind audited as one revision.
   * An import adds and replaces, so it needs both SHEETS create and update on the ISIN.
   */
  async import(
    curator: Curator,
    isin: string,
    sheets: readonly SheetInput[],
    dryRun: boolean,
  ): Promise<SheetImportSummary> {
    await this.authorize(curator, 'create', isin);
    await this.authorize(curator, 'update', isin);
    const seen = new Map<string, number>();
    sheets.forEach((sheet, i) => {
      if (sheet.isin !== isin)
        throw new Invalid(`must be ${isin}, the company imported`, `sheets.${i}.isin`);
      const id = sheetIdOf(sheet);
      const first = seen.get(id);
      if (first !== undefined) {
        throw new Invalid(`${id} is also sheet ${first}: one sheet per period`, `sheets.${i}`);
      }
      seen.set(id, i);
    });
    for (let attempt = 1; ; attempt += 1) {
      const now = this.clock();
      const updatedAt = now.toISOString();
      const updatedBy = curatorName(curator);
      const counts = { added: 0, replaced: 0, unchanged: 0 };
      const writes = [];
      for (const kind of STATEMENT_KINDS) {
        const ofKind = sheets.filter((sheet) => sheet.sheetType === kind);
        if (ofKind.length === 0) continue;
        const state = await this.existing(isin, kind);
        let collection = state.collection;
        const meta: Record<string, SheetMeta> = { ...state.meta };
        const changes: SheetChange[] = [];
        for (const sheet of ofKind) {
          const id = sheetIdOf(sheet);
          const current = find({ ...state, collection }, id);
          if (current && sameLines(kind, isin, current, sheet)) {
            counts.unchanged += 1;
            continue;
          }
          const after = toStatement(sheet, {
            symbol: state.company.symbol,
            reportedCurrency: state.company.currency || 'USD',
            filedAt: now,
          });
          const version = current ? (meta[id]?.version ?? 0) + 1 : 1;
          meta[id] = { version, updatedAt, updatedBy };
          changes.push({ id, version, before: current ?? null, after });
          collection = replaced(collection, id, after);
          counts[current ? 'replaced' : 'added'] += 1;
        }
        if (changes.length === 0) continue;
        writes.push({
          expectedRevision: state.revision,
          collection,
          meta,
          audit: { isin, kind, source: 'import' as const, changes, updatedAt, updatedBy },
        });
      }
      if (dryRun || writes.length === 0) return { isin, dryRun, ...counts };
      try {
        await this.deps.store.write(isin, writes);
        return { isin, dryRun, ...counts };
      } catch (error) {
        if (error instanceof Conflict && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Refuses anyone who curates nothing (the edge calls it before validating input). */
  assertCurator(curator: Pick<Curator, 'groups'>): void {
    this.access.assertCurator(curator);
  }

  /**
   * One versioned change of sheet `id`: `decide` sees the sheet as stored now (undefined when
   * absent) and answers the version the caller read and the new sheet (null deletes it).
   */
  private async change(
    curator: Curator,
    isin: string,
    id: string,
    source: SheetChangeSource,
    decide: (current: StatementByKind[StatementKind] | undefined) => {
      readonly expectedVersion: number;
      readonly next: SheetInput | null;
    },
  ): Promise<CuratedSheet> {
    const { kind } = this.parse(id);
    for (let attempt = 1; ; attempt += 1) {
      const state = await this.existing(isin, kind);
      const current = find(state, id);
      const { expectedVersion, next } = decide(current);
      const version = state.meta[id]?.version ?? 0;
      if ((current ? version : 0) !== expectedVersion) throw new Conflict(SHEET_CONFLICT_MESSAGE);
      const now = this.clock();
      const updatedAt = now.toISOString();
      const updatedBy = curatorName(curator);
      const after = next
        ? toStatement(next, {
            symbol: state.company.symbol,
            reportedCurrency: state.company.currency || 'USD',
            filedAt: now,
          })
        : null;
      const nextVersion = expectedVersion + 1;
      const change: SheetChange = { id, version: nextVersion, before: current ?? null, after };
      const meta: Record<string, SheetMeta> = { ...state.meta };
      if (after) meta[id] = { version: nextVersion, updatedAt, updatedBy };
      else delete meta[id];
      try {
        await this.deps.store.write(isin, [
          {
            expectedRevision: state.revision,
            collection: replaced(state.collection, id, after),
            meta,
            audit: { isin, kind, source, changes: [change], updatedAt, updatedBy },
          },
        ]);
      } catch (error) {
        // Someone changed another sheet of this kind (or this one): read again and decide anew.
        if (error instanceof Conflict && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      const stored = after ?? current;
      if (!stored) throw new NotFound(`No sheet ${id} for ${isin}`);
      return curatedSheet(isin, kind, stored, meta, after ? undefined : nextVersion);
    }
  }

  private parse(id: string): { kind: StatementKind; year: number; quarter: number } {
    const parsed = parseSheetId(id);
    if (!parsed) throw new Invalid('must be a sheet id such as income-2025-FY', 'id');
    return parsed;
  }

  private assertIsin(isin: string, sheet: SheetInput): void {
    if (sheet.isin !== isin) throw new Invalid(`must be ${isin}, the company edited`, 'sheet.isin');
  }

  private async existing<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<SheetCollectionState<K>> {
    const state = await this.deps.store.read(isin, kind);
    if (!state) throw new NotFound(`No company with ISIN ${isin}`);
    return state;
  }

  private authorize(curator: Curator, action: Action, isin: string): Promise<void> {
    return this.access.authorize(curator, 'SHEETS', action, isin, 'the sheets');
  }
}

/** Whether a stored sheet already says what an imported one says (its period and every line). */
function sameLines(
  kind: StatementKind,
  isin: string,
  stored: StatementByKind[StatementKind],
  sheet: SheetInput,
): boolean {
  return JSON.stringify(toSheetInput(kind, isin, stored as never)) === JSON.stringify(sheet);
}

const find = (state: SheetCollectionState, id: string) =>
  findSheet(state.kind, state.collection as SheetCollection, id);

const replaced = (
  collection: StatementCollection,
  id: string,
  after: StatementByKind[StatementKind] | null,
): StatementCollection =>
  withSheet(collection as SheetCollection, id, after) as StatementCollection;

function rowOf(
  kind: StatementKind,
  statement: StatementByKind[StatementKind],
  meta: Readonly<Record<string, SheetMeta>> | undefined,
): CuratedSheetRow {
  const item = identifyStatement(kind, statement);
  const isTTM = 'isTTM' in item && item.isTTM === true;
  const curated = meta?.[item.id];
  return {
    id: item.id,
    label: sheetLabel(kind, item.id),
    sheetType: kind,
    year: item.year,
    quarter: item.quarter,
    isAnnual: item.isAnnual,
    isTTM,
    date: item.date,
    version: curated?.version ?? 0,
    updatedAt: curated?.updatedAt ?? null,
    updatedBy: curated?.updatedBy ?? null,
  };
}

function curatedSheet(
  isin: string,
  kind: StatementKind,
  statement: StatementByKind[StatementKind],
  meta: Readonly<Record<string, SheetMeta>>,
  deletedAtVersion?: number,
): CuratedSheet {
  const row = rowOf(kind, statement, meta);
  return {
    ...row,
    ...(deletedAtVersion === undefined ? {} : { version: deletedAtVersion }),
    isin,
    sheet: toSheetInput(kind, isin, statement as never),
  };
}

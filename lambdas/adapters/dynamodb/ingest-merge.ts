import { gunzipSync, gzipSync } from 'node:zlib';
import {
  findSheet,
  withSheet,
  type SheetCollection,
} from '../../../core/curation/sheet-collection';
import { STOCK_PROFILE_FIELDS } from '../../../core/curation/stock-profile-fields';
import type { CompanyProfile, StatementKind } from '../../../core/market/types';

type Item = Record<string, unknown>;

/** One write of an ingest: the item, and the version it replaces (undefined: a new item). */
export interface IngestPut {
  readonly item: Item;
  readonly replacesVersion: number | undefined;
}

/** The profile facts a curator owns once they changed them: those the console edits. */
const CURATED_PROFILE_FACTS = STOCK_PROFILE_FIELDS satisfies readonly (keyof CompanyProfile)[];

const pack = (value: unknown): Uint8Array => gzipSync(JSON.stringify(value));
const unpack = <T>(value: unknown): T =>
  JSON.parse(gunzipSync(value as Uint8Array).toString('utf8')) as T;

/** An item a curator changed carries who did it (the curation stores set `updatedBy`). */
export const isCurated = (item: Item | undefined): boolean => typeof item?.updatedBy === 'string';

/**
 * What an ingest writes over a company's stored items without undoing a curator's work: a curated
 * profile keeps its curated facts, visibility and last change; curated sheets stay inside the new
 * collection (the provider's other sheets arrive); curated analyst and Shariah items are left
 * alone. Every write raises the item's version, so a console holding the old version gets a
 * Conflict instead of overwriting what the ingest brought.
 */
export function mergeIngest(
  ingested: readonly Item[],
  existing: ReadonlyMap<string, Item>,
): IngestPut[] {
  const puts: IngestPut[] = [];
  for (const item of ingested) {
    const sk = String(item.sk);
    const stored = existing.get(sk);
    const replacesVersion = stored === undefined ? undefined : Number(stored.version ?? 0);
    const version = (replacesVersion ?? 0) + 1;
    if (!isCurated(stored)) {
      puts.push({ item: { ...item, version }, replacesVersion });
    } else if (sk === 'PROFILE') {
      const curated = stored!.profile as CompanyProfile;
      const profile = { ...(item.profile as CompanyProfile) } as Record<string, unknown>;
      for (const fact of CURATED_PROFILE_FACTS) profile[fact] = curated[fact];
      puts.push({
        item: {
          ...item,
          profile,
          companyName: curated.companyName,
          hidden: stored!.hidden === true,
          updatedAt: stored!.updatedAt,
          updatedBy: stored!.updatedBy,
          version,
        },
        replacesVersion,
      });
    } else if (sk.startsWith('SHEETS#')) {
      const kind = sk.slice('SHEETS#'.length) as StatementKind;
      const curatedIds = Object.keys((stored!.sheetMeta ?? {}) as Record<string, unknown>);
      const mine = unpack<SheetCollection>(stored!.sheets);
      let merged = unpack<SheetCollection>(item.sheets);
      for (const id of curatedIds)
        merged = withSheet(merged, id, findSheet(kind, mine, id) ?? null);
      puts.push({
        item: {
          ...item,
          sheets: pack(merged),
          sheetMeta: stored!.sheetMeta,
          updatedAt: stored!.updatedAt,
          updatedBy: stored!.updatedBy,
          version,
        },
        replacesVersion,
      });
    }
    // A curated analyst or Shariah item stays as the curator left it.
  }
  return puts;
}

import { randomUUID } from 'node:crypto';
import { Conflict, Forbidden, NotFound, TooLarge } from '../../core/domain-errors';
import { entitlementsOf, premiumOnlyText } from '../../core/subscription';
import {
  CSV_EXPORT_FEATURE,
  DOWNLOAD_EXPIRY_SECONDS,
  IMPORT_CONTENT_TYPE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  UPLOAD_EXPIRY_SECONDS,
  IMPORT_TOO_LARGE_TEXT,
  userFileKey,
  type DownloadLink,
  type ExportKind,
  type UploadTicket,
} from '../../core/user-files';
import {
  importRows,
  lookupOf,
  sortImport,
  type ImportRow,
  type WatchlistImportAnswer,
} from '../../core/watchlist-import';
import { alertsCsv, exportFileName, watchlistsCsv } from '../../core/workspace-csv';
import type { StocksRepository } from '../ports/stocks-repository';
import type { UserFiles } from '../ports/user-files';
import type { UsersRepository } from '../ports/users-repository';
import type { AlertService } from './alert-service';
import type { WatchlistService } from './watchlist-service';
import { readCsvUpload } from './csv-upload';

const sameTarget = (a: ImportTarget, b: ImportTarget): boolean =>
  a.kind === 'new'
    ? b.kind === 'new' && a.name === b.name
    : b.kind === 'existing' && a.id === b.id && a.version === b.version;

/** An import's request and answer, kept beside its upload. */
interface KeptImport {
  readonly target: ImportTarget;
  readonly answer: WatchlistImportAnswer;
}

export type ImportTarget =
  | { readonly kind: 'new'; readonly name: string }
  | { readonly kind: 'existing'; readonly id: string; readonly version: number };

/** Lookups in flight at once while resolving an import's rows. */
const LOOKUP_CONCURRENCY = 8;

const importKey = (sub: string, uploadId: string) => userFileKey(sub, 'imports', `${uploadId}.csv`);
/** What an import of that upload answered: a retried request answers it again. */
const importResultKey = (sub: string, uploadId: string) =>
  userFileKey(sub, 'imports', `${uploadId}.result.json`);
const RESULT_MAX_BYTES = 1_000_000;

/**
 * The user's files: a watchlist imported from an uploaded CSV, and CSV exports of watchlists and
 * alerts. Every key is built from the caller's sub, so another user's upload id reads nothing.
 */
export class UserFileService {
  private readonly now: () => number;

  constructor(
    private readonly deps: {
      readonly users: UsersRepository;
      readonly files: UserFiles;
      readonly stocks: Pick<StocksRepository, 'findBySymbol' | 'findByIsin'>;
      readonly watchlists: WatchlistService;
      readonly alerts: AlertService;
      readonly now?: () => number;
    },
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** A presigned form for one CSV under the caller's imports/ folder. */
  async createUpload(sub: string): Promise<UploadTicket> {
    const uploadId = randomUUID();
    const form = await this.deps.files.presignUpload(importKey(sub, uploadId), {
      maxBytes: IMPORT_MAX_BYTES,
      contentType: IMPORT_CONTENT_TYPE,
      expiresSeconds: UPLOAD_EXPIRY_SECONDS,
    });
    return { uploadId, maxBytes: IMPORT_MAX_BYTES, contentType: IMPORT_CONTENT_TYPE, ...form };
  }

  /**
   * Reads the caller's upload, checks it is CSV text within the bounds (again: the form's policy
   * binds only what came through the form), resolves each row by symbol or ISIN and adds the
   * known ones through the watchlist service (its plan limits and versions apply). Nothing
   * changes when it refuses.
   */
  async importWatchlist(
    sub: string,
    uploadId: string,
    target: ImportTarget,
  ): Promise<WatchlistImportAnswer> {
    // A retry (a lost answer, a second click) must not add a second list: an upload imports once
    // into a given target, and the same request again answers what the first one did.
    const resultKey = importResultKey(sub, uploadId);
    const done = await this.deps.files.read(resultKey, RESULT_MAX_BYTES);
    if (done !== undefined && done !== 'too large') {
      const kept = JSON.parse(new TextDecoder().decode(done.body)) as KeptImport;
      if (sameTarget(kept.target, target)) return kept.answer;
    }
    const answer = await this.runImport(sub, uploadId, target);
    const kept: KeptImport = { target, answer };
    await this.deps.files.write(resultKey, JSON.stringify(kept), 'application/json');
    return answer;
  }

  private async runImport(
    sub: string,
    uploadId: string,
    target: ImportTarget,
  ): Promise<WatchlistImportAnswer> {
    const text = await readCsvUpload(
      this.deps.files,
      importKey(sub, uploadId),
      IMPORT_MAX_BYTES,
      IMPORT_TOO_LARGE_TEXT,
    );
    const rows = importRows(text);
    if (rows.length > IMPORT_MAX_ROWS) {
      throw new TooLarge(
        `The file has ${rows.length} rows; an import takes at most ${IMPORT_MAX_ROWS}.`,
      );
    }
    const resolved = await this.resolve(rows);

    if (target.kind === 'new') {
      const sorted = sortImport(resolved, []);
      const watchlist = await this.deps.watchlists.create(sub, {
        name: target.name,
        symbols: sorted.added.map((r) => r.symbol),
      });
      return { watchlist, ...sorted };
    }
    const { watchlists } = await this.deps.watchlists.list(sub);
    const list = watchlists.find((l) => l.id === target.id);
    if (!list) throw new NotFound('No such watchlist.');
    if (list.version !== target.version) {
      throw new Conflict(
        'This watchlist was changed elsewhere meanwhile: reload it and try again.',
      );
    }
    const sorted = sortImport(resolved, list.symbols);
    const watchlist = await this.deps.watchlists.update(sub, list.id, {
      name: list.name,
      symbols: [...list.symbols, ...sorted.added.map((r) => r.symbol)],
      version: list.version,
    });
    return { watchlist, ...sorted };
  }

  /** Each row with the listed symbol it names, or undefined; each distinct value looked up once. */
  private async resolve(
    rows: readonly ImportRow[],
  ): Promise<(ImportRow & { symbol: string | undefined })[]> {
    const values = [...new Set(rows.map((r) => r.value.toUpperCase()))];
    const found = new Map<string, string | undefined>();
    let next = 0;
    const worker = async () => {
      while (next < values.length) {
        const value = values[next++]!;
        const lookup = lookupOf(value);
        const record = !lookup
          ? undefined
          : 'isin' in lookup
            ? await this.deps.stocks.findByIsin(lookup.isin)
            : await this.deps.stocks.findBySymbol(lookup.symbol);
        found.set(value, record?.symbol);
      }
    };
    await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
    return rows.map((r) => ({ ...r, symbol: found.get(r.value.toUpperCase()) }));
  }

  /** Premium only: the CSV written under the caller's exports/ folder, offered by a short link. */
  async exportCsv(sub: string, kind: ExportKind): Promise<DownloadLink> {
    const record = await this.deps.users.get(sub);
    if (!entitlementsOf(record?.subscription, this.now()).exports) {
      throw new Forbidden(premiumOnlyText(CSV_EXPORT_FEATURE));
    }
    const text =
      kind === 'watchlists'
        ? watchlistsCsv((await this.deps.watchlists.list(sub)).watchlists)
        : alertsCsv((await this.deps.alerts.list(sub)).alerts);
    const at = this.now();
    const fileName = exportFileName(kind, at);
    const key = userFileKey(sub, 'exports', `${at}-${randomUUID()}.csv`);
    await this.deps.files.write(key, text, `${IMPORT_CONTENT_TYPE}; charset=utf-8`);
    return {
      url: await this.deps.files.presignDownload(key, fileName, DOWNLOAD_EXPIRY_SECONDS),
      fileName,
    };
  }
}

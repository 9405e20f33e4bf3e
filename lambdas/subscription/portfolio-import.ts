import { randomUUID } from 'node:crypto';
import { Invalid, TooLarge } from '../../core/domain-errors';
import {
  parseImport,
  resolveImport,
  stocksNamed,
  type ColumnMapping,
  type ResolvedImport,
} from '../../core/portfolio/csv-import';
import {
  IMPORT_MAPPING_BROKEN_TEXT,
  importHasErrorsText,
  importPlan,
  PORTFOLIO_IMPORT_MAX_BYTES,
  PORTFOLIO_IMPORT_MAX_ROWS,
  type ImportPlan,
  type PortfolioImportAnswer,
  type PortfolioImportPreview,
} from '../../core/portfolio/import-plan';
import {
  IMPORT_CONTENT_TYPE,
  UPLOAD_EXPIRY_SECONDS,
  userFileKey,
  type UploadTicket,
} from '../../core/user-files';
import type { StocksRepository } from '../ports/stocks-repository';
import type { UserFiles } from '../ports/user-files';
import { readCsvUpload } from './csv-upload';
import type { PortfolioService } from './portfolio-service';

/** Lookups in flight at once while resolving a file's stocks. */
const LOOKUP_CONCURRENCY = 8;

const uploadKey = (sub: string, uploadId: string) => userFileKey(sub, 'imports', `${uploadId}.csv`);

const TOO_LARGE_TEXT = `The file is too large: a portfolio import takes at most ${PORTFOLIO_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

/**
 * A broker's CSV into a portfolio (core/portfolio/csv-import.ts): the file is uploaded to the
 * caller's own imports/ folder (the key is built from their sub, so another user's upload id reads
 * nothing), previewed with a column mapping (nothing saved), then imported through
 * PortfolioService.addTransactions, whose versions, ledger and plan limits apply. Each row carries
 * its import key, so the same file imported again adds nothing.
 */
export class PortfolioImport {
  constructor(
    private readonly deps: {
      readonly files: UserFiles;
      readonly stocks: Pick<StocksRepository, 'findBySymbol' | 'findByIsin'>;
      readonly portfolios: PortfolioService;
    },
  ) {}

  /** A presigned form for one CSV, larger than a watchlist's (a broker's history of years). */
  async createUpload(sub: string): Promise<UploadTicket> {
    const uploadId = randomUUID();
    const form = await this.deps.files.presignUpload(uploadKey(sub, uploadId), {
      maxBytes: PORTFOLIO_IMPORT_MAX_BYTES,
      contentType: IMPORT_CONTENT_TYPE,
      expiresSeconds: UPLOAD_EXPIRY_SECONDS,
    });
    return {
      uploadId,
      maxBytes: PORTFOLIO_IMPORT_MAX_BYTES,
      contentType: IMPORT_CONTENT_TYPE,
      ...form,
    };
  }

  /** What importing the upload with this mapping would do; nothing is saved. */
  async preview(
    sub: string,
    portfolioId: string,
    uploadId: string,
    mapping: ColumnMapping,
  ): Promise<PortfolioImportPreview> {
    return (await this.plan(sub, portfolioId, uploadId, mapping)).preview;
  }

  /**
   * Adds the file's new rows at the version the user saw. A file with an error is refused as a
   * whole unless the user chose to leave the rows with errors out (`skipInvalidRows`): a silent
   * partial import would leave holdings the user believes complete.
   */
  async import(
    sub: string,
    portfolioId: string,
    request: {
      readonly uploadId: string;
      readonly mapping: ColumnMapping;
      readonly version: number;
      readonly skipInvalidRows: boolean;
    },
  ): Promise<PortfolioImportAnswer> {
    const { preview, entries } = await this.plan(
      sub,
      portfolioId,
      request.uploadId,
      request.mapping,
    );
    if (preview.errors.some((e) => e.row === 1)) throw new Invalid(IMPORT_MAPPING_BROKEN_TEXT);
    if (preview.rowsWithErrors > 0 && !request.skipInvalidRows) {
      throw new Invalid(importHasErrorsText(preview.rowsWithErrors));
    }
    const added = await this.deps.portfolios.addTransactions(
      sub,
      portfolioId,
      request.version,
      entries,
    );
    return {
      portfolio: added.portfolio,
      added: added.added,
      alreadyThere: preview.alreadyThere + added.alreadyThere,
      leftOut: preview.rowsWithErrors,
    };
  }

  private async plan(
    sub: string,
    portfolioId: string,
    uploadId: string,
    mapping: ColumnMapping,
  ): Promise<ImportPlan> {
    // The portfolio first: another user's id is a 404 before their upload id is even tried.
    const { transactions } = await this.deps.portfolios.transactions(sub, portfolioId);
    const text = await readCsvUpload(
      this.deps.files,
      uploadKey(sub, uploadId),
      PORTFOLIO_IMPORT_MAX_BYTES,
      TOO_LARGE_TEXT,
    );
    const parsed = parseImport(text, mapping);
    if (parsed.rowCount > PORTFOLIO_IMPORT_MAX_ROWS) {
      throw new TooLarge(
        `The file has ${parsed.rowCount} rows; a portfolio import takes at most ${PORTFOLIO_IMPORT_MAX_ROWS}.`,
      );
    }
    const file: ResolvedImport = await resolveImport(
      parsed,
      mapping,
      await this.listed(stocksNamed(parsed)),
    );
    return importPlan(file, mapping, transactions);
  }

  /** The product's symbol for each ISIN and symbol the file names that it lists. */
  private async listed(named: {
    readonly isins: readonly string[];
    readonly symbols: readonly string[];
  }) {
    const byIsin = new Map<string, string>();
    const bySymbol = new Map<string, string>();
    const work = [
      ...named.isins.map((isin) => async () => {
        const found = await this.deps.stocks.findByIsin(isin);
        if (found) byIsin.set(isin, found.symbol);
      }),
      ...named.symbols.map((symbol) => async () => {
        const found = await this.deps.stocks.findBySymbol(symbol);
        if (found) bySymbol.set(symbol, found.symbol);
      }),
    ];
    let next = 0;
    const worker = async () => {
      while (next < work.length) await work[next++]!();
    };
    await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));
    return { byIsin, bySymbol };
  }
}

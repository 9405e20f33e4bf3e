import {
  STOCK_CONFLICT_MESSAGE,
  stockProfileOf,
  type CuratedStock,
  type StockProfileInput,
  type StockVersion,
} from '@core/curation/stock';
import { jsonResponse } from '../../../testing/test-utils';

interface GraphqlBody {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

const nameOf = (query: string) => /^(?:query|mutation) (\w+)/.exec(query)?.[1];

/**
 * A fake of the curation API's stock fields for one stock (unit tests of the detail screen): it
 * keeps the stock, its version and history as the server does (a restore brings back the profile
 * facts only), answers a stale version with Conflict, and records each call's name and variables.
 */
export class StockServer {
  history: StockVersion[] = [];
  readonly calls: { name: string | undefined; variables: Record<string, unknown> }[] = [];

  constructor(public stock: CuratedStock) {}

  /** A change as someone made it on the server (a version with its audit entry). */
  write(change: Partial<CuratedStock>, by = 'admin@example.com'): CuratedStock {
    const version = this.stock.version + 1;
    const updatedAt = `2025-03-0${Math.min(9, version)}T07:08:00.000Z`;
    const after = { ...this.stock, ...change, version, updatedAt, updatedBy: by };
    this.history = [
      { isin: after.isin, version, before: this.stock, after, updatedAt, updatedBy: by },
      ...this.history,
    ];
    this.stock = after;
    return after;
  }

  private answer(field: string, expected: unknown, change: () => Partial<CuratedStock>) {
    if (expected !== this.stock.version) {
      return jsonResponse({
        data: { [field]: null },
        errors: [{ errorType: 'Conflict', message: STOCK_CONFLICT_MESSAGE }],
      });
    }
    return jsonResponse({ data: { [field]: this.write(change()) } });
  }

  /** Whether the stock was deleted (the server then answers null for it). */
  deleted = false;

  /** The handler for stubApis' extra '/graphql'. */
  readonly handle = (init?: RequestInit): Response => {
    const { query, variables } = JSON.parse(String(init?.body)) as GraphqlBody;
    const name = nameOf(query);
    if (name?.startsWith('Update') || name?.startsWith('Set') || name?.startsWith('Restore')) {
      this.calls.push({ name, variables });
    }
    switch (name) {
      case 'CurationStock':
        return jsonResponse({ data: { curationStock: this.deleted ? null : this.stock } });
      case 'CurationStocks': {
        const items = this.deleted ? [] : [this.stock];
        return jsonResponse({ data: { curationStocks: { items, total: items.length } } });
      }
      case 'DeleteStock':
        this.calls.push({ name, variables });
        this.deleted = true;
        return jsonResponse({ data: { deleteStock: true } });
      case 'StockHistory':
        return jsonResponse({ data: { stockHistory: this.history } });
      case 'UpdateStock':
        return this.answer(
          'updateStock',
          variables.version,
          () => JSON.parse(String(variables.profile)) as StockProfileInput,
        );
      case 'SetStockHidden':
        return this.answer('setStockHidden', variables.version, () => ({
          hidden: variables.hidden === true,
        }));
      case 'RestoreStock': {
        const kept = this.history.find((v) => v.version === variables.version)!;
        return this.answer('restoreStock', variables.expectedVersion, () =>
          stockProfileOf(kept.after),
        );
      }
      default:
        return jsonResponse({ errors: [{ message: `unknown ${name}` }] }, 400);
    }
  };
}

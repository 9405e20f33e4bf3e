import type { AnalystData, ShariahInputs, StatementKind } from '../../../../core/market/types';
import type {
  CompanyData,
  CompanyFundamentals,
  StatementCollection,
  StockListEntry,
  StockRecord,
  StocksRepository,
} from '../../../ports/stocks-repository';

/**
 * The stocks repository in memory: for unit and property tests of the asset use cases, where
 * DynamoDB Local would only add seconds. Integration tests use the DynamoDB adapter.
 */
export class InMemoryStocksRepository implements StocksRepository {
  private readonly companies = new Map<string, CompanyData>();
  private readonly bySymbol = new Map<string, string>();

  constructor(companies: readonly CompanyData[] = []) {
    void this.putCompanies(companies);
  }

  findBySymbol(symbol: string): Promise<StockRecord | undefined> {
    return this.findByIsin(this.bySymbol.get(symbol) ?? '');
  }

  findByIsin(isin: string): Promise<StockRecord | undefined> {
    const company = this.companies.get(isin);
    return Promise.resolve(
      company ? { ...company.stock, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' } : undefined,
    );
  }

  listStocks(): Promise<StockListEntry[]> {
    return Promise.resolve(
      [...this.companies.values()]
        .map(({ stock }) => ({
          symbol: stock.symbol,
          name: stock.profile.companyName,
          exchangeShortName: stock.profile.exchangeShortName,
        }))
        .sort((a, b) => (a.symbol < b.symbol ? -1 : 1)),
    );
  }

  listProfiles(): Promise<StockRecord[]> {
    return Promise.resolve(
      [...this.companies.values()].map(({ stock }) => ({
        ...stock,
        version: 1,
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    );
  }

  /** Nothing here is curated: the list never changes under a copy. */
  listRevision(): Promise<string | null> {
    return Promise.resolve(null);
  }

  getStatements<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<StatementCollection<K> | undefined> {
    return Promise.resolve(
      this.companies.get(isin)?.statements[kind] as StatementCollection<K> | undefined,
    );
  }

  getAnalyst(isin: string): Promise<AnalystData | undefined> {
    return Promise.resolve(this.companies.get(isin)?.analyst);
  }

  getShariah(isin: string): Promise<ShariahInputs | undefined> {
    return Promise.resolve(this.companies.get(isin)?.shariah);
  }

  getFundamentals(isins: readonly string[]): Promise<Map<string, CompanyFundamentals>> {
    const found = new Map<string, CompanyFundamentals>();
    for (const isin of isins) {
      const company = this.companies.get(isin);
      if (!company) continue;
      found.set(isin, {
        statements: company.statements,
        ...(company.shariah ? { shariah: company.shariah } : {}),
      });
    }
    return Promise.resolve(found);
  }

  putCompany(company: CompanyData): Promise<void> {
    return this.putCompanies([company]);
  }

  putCompanies(companies: readonly CompanyData[]): Promise<void> {
    for (const company of companies) {
      this.companies.set(company.stock.isin, company);
      this.bySymbol.set(company.stock.symbol, company.stock.isin);
    }
    return Promise.resolve();
  }
}

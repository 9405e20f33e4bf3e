import { csvTable } from '@core/csv-cells';
import type { Currency } from '@core/market/fx';
import type { ScreenedStock } from '@core/market/stock-screen';

/**
 * Every matching row as CSV, raw figures (not the table's 1.2B display) so a spreadsheet can
 * compute with them; text cells neutralised against CSV injection (core/csv-cells.ts).
 */
export function screenCsv(rows: readonly ScreenedStock[], currency: Currency): string {
  const header = [
    'Symbol',
    'Company',
    'Exchange',
    'Country',
    'Sector',
    'Industry',
    'Listing currency',
    'Price',
    `Price (${currency})`,
    'Change %',
    `Market cap (${currency})`,
    'P/E',
    'P/B',
    'Dividend yield %',
    'ROE %',
    'Debt/equity',
    'Beta',
    'Volume',
  ];
  const body = rows.map((r) => [
    r.symbol,
    r.companyName,
    r.exchangeShortName,
    r.country,
    r.sector,
    r.industry,
    r.currency,
    r.price,
    r.priceConverted,
    r.changesPercentage,
    r.marketCapConverted,
    r.pe,
    r.pb,
    r.dividendYield,
    r.roe,
    r.debtToEquity,
    r.beta,
    r.volume,
  ]);
  return csvTable(header, body);
}

import { randomInt } from 'node:crypto';
import { isinCheckDigit } from '../../core/isin';
import { STOCKS_TABLE } from '../../core/tables';
import { generateUniverse, type DemoCompany } from '../../infra/local/demo/universe';
import { toSeededCompanies } from '../../infra/local/seed-stocks';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { stackDocumentClient, type SharedStack } from './shared-stack';

/** Unique enough among the companies one run of the suite adds (random, not the clock). */
const randomDigits = (length: number) => String(randomInt(10 ** length)).padStart(length, '0');

/**
 * A symbol and ISIN of the file's own for a stock it creates through the console's API: `prefix`
 * (two letters, one per file) and random digits; `first11` is the ISIN without its check digit.
 */
export function ownStockIdentity(prefix: string): {
  symbol: string;
  isin: string;
  first11: string;
} {
  const digits = randomDigits(5);
  const first11 = `US8${prefix}${digits}0`.slice(0, 11);
  return { symbol: `M${prefix}${digits}`, isin: `${first11}${isinCheckDigit(first11)}`, first11 };
}

/** The company with its symbol and ISIN replaced wherever they appear (profile, statements…). */
function renamed(company: DemoCompany, symbol: string, isin: string): DemoCompany {
  const { symbol: oldSymbol, isin: oldIsin } = company.profile;
  const text = JSON.stringify(company)
    .replaceAll(`"${oldSymbol}"`, JSON.stringify(symbol))
    .replaceAll(`"${oldIsin}"`, JSON.stringify(isin));
  return JSON.parse(text) as DemoCompany;
}

/**
 * Companies of the test file's own, written to the shared stack's stocks table as the demo seed
 * writes its universe (profile, statements, analyst and Shariah data, curation areas), each under
 * a symbol and ISIN no other file uses: a file that curates them never meets another's writes.
 *
 * `prefix` (two letters, one per file) starts each symbol; the symbols sort amid the demo ones,
 * away from the first and last entries of the list that the browser tests pick, and none is on
 * NASDAQ (the browser tests read NASDAQ stocks). The data is generated from `prefix`, so a file's
 * companies are the same on every run apart from their symbols and ISINs.
 */
export async function seedOwnCompanies(
  stack: SharedStack,
  prefix: string,
  count: number,
  /** Reshapes each company before it is stored (say, to keep its annual statements only). */
  shape: (company: DemoCompany) => DemoCompany = (company) => company,
): Promise<DemoCompany[]> {
  if (!/^[A-Z]{2}$/.test(prefix)) throw new Error(`prefix must be two capitals, got ${prefix}`);
  const run = randomDigits(4);
  const companies = generateUniverse({
    seed: `own-companies-${prefix}`,
    count: count * 4,
    anchor: stack.demoAnchor,
  })
    .filter((company) => company.profile.exchangeShortName !== 'NASDAQ')
    .slice(0, count)
    .map((company, i) => {
      const first11 = `${company.profile.isin.slice(0, 2)}9${run}${randomDigits(3)}${i}`;
      return shape(
        renamed(company, `M${prefix}${run}${i}`, `${first11}${isinCheckDigit(first11)}`),
      );
    });
  if (companies.length < count) throw new Error(`Only ${companies.length} companies generated`);
  const client = stackDocumentClient(stack);
  try {
    const stocks = new DynamoDbStocksRepository(client, STOCKS_TABLE.localName);
    await stocks.putCompanies(await toSeededCompanies(companies, stack.demoAnchor));
  } finally {
    client.destroy();
  }
  return companies;
}

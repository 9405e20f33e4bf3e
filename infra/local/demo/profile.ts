import type { Exchange } from '../../../core/market/exchanges';
import type { City, Locale } from './locales';
import type { Random } from './random';
import { dayNumber, isoDateOf, weekdayOf } from './statements';
import type { IndustryProfile } from './taxonomy';

/** Descriptions, listing dates and head counts of demo companies. */

const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'the United States',
  GB: 'the United Kingdom',
  DE: 'Germany',
  FR: 'France',
  IN: 'India',
  CN: 'China',
  HK: 'Hong Kong',
  JP: 'Japan',
  SA: 'Saudi Arabia',
};

const INDUSTRY_PHRASES: Readonly<Record<string, string>> = {
  'Auto - Manufacturers': 'car manufacturing',
  'Apparel - Manufacturers': 'apparel and footwear',
  'Beverages - Brewers': 'brewing',
  'Beverages - Wineries & Distilleries': 'wine and spirits',
  'Oil & Gas E&P': 'oil and gas exploration and production',
  'Real Estate - Development': 'property development',
  'Drug Manufacturers - General': 'pharmaceuticals',
  'Financial Data & Stock Exchanges': 'market infrastructure and financial data',
};

/** The industry as prose: 'Software - Application' → 'application software'. */
export function industryPhrase(industry: string): string {
  const fixed = INDUSTRY_PHRASES[industry];
  if (fixed) return fixed;
  const [head, tail] = industry.split(' - ');
  const text = tail ? `${tail} ${head}` : industry;
  return text
    .split(' ')
    .map((w) => (/^[A-Z&]{2,}$/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

/** 12345 → '12,345'. */
const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const list = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

export interface DescriptionInput {
  readonly companyName: string;
  readonly brand: string;
  readonly industry: IndustryProfile;
  readonly city: string;
  readonly country: string;
  /** Nationality adjective, e.g. 'German'. */
  readonly adjective: string;
  readonly foundedYear: number;
  readonly ipoYear: number;
  readonly exchangeName: string;
  readonly employees: number;
}

/** Two to four sentences from templates, with the company's own facts. */
export function describe(rng: Random, input: DescriptionInput): string {
  const { industry: ind } = input;
  const products = rng.shuffle(ind.products);
  const customers = rng.shuffle(ind.customers);
  const p1 = products[0] ?? 'products';
  const p2 = products[1] ?? p1;
  const p3 = products[2] ?? p2;
  const phrase = industryPhrase(ind.name);
  const countryName = COUNTRY_NAMES[input.country] ?? input.country;
  const verb = rng.pick(['develops', 'provides', 'offers', 'supplies', 'builds and runs']);

  const opening = rng.pick([
    `${input.companyName} ${verb} ${p1} and ${p2} for ${list(customers.slice(0, 2))}.`,
    `${input.companyName} is active in ${phrase}, with a portfolio that spans ${list([p1, p2, p3])}.`,
    `${input.companyName} is a ${rng.pick(['leading', 'mid-sized', 'growing', 'diversified', 'specialist'])} ${input.adjective} player in ${phrase}, known for its ${p1}.`,
    `Through its subsidiaries, ${input.companyName} ${verb} ${p1}, together with ${p2}.`,
  ]);
  const origin = rng.pick([
    `Founded in ${input.foundedYear}, the company is headquartered in ${input.city}, ${countryName}.`,
    `The company was founded in ${input.foundedYear} and is based in ${input.city}.`,
    `Headquartered in ${input.city}, ${input.brand} has been in business since ${input.foundedYear}.`,
  ]);
  const extras = rng.shuffle([
    `Its customers include ${list(customers.slice(0, 3))} in ${rng.int(3, 90)} countries.`,
    `It employs about ${withThousands(input.employees)} people.`,
    `${input.brand} went public on the ${input.exchangeName} in ${input.ipoYear}.`,
    rng.chance(0.5) ? `The company also offers ${p3}.` : `The company is expanding into ${p3}.`,
    `Around ${rng.int(15, 70)}% of revenue comes from outside ${countryName}.`,
  ]);
  const sentences = [opening, origin, ...extras.slice(0, rng.int(0, 2))];
  return sentences.join(' ');
}

/** A listing date between 1985 (or the market's first year) and 2022 on a Monday–Friday the exchange trades. */
export function inventIpoDate(rng: Random, exchange: Exchange, locale: Locale): string {
  const year = rng.int(Math.max(1985, locale.earliestIpoYear), 2022);
  let days = dayNumber(`${year}-01-01`) + rng.int(0, 360);
  for (;;) {
    const weekday = weekdayOf(days);
    if (weekday >= 1 && weekday <= 5 && exchange.tradingDays.includes(weekday)) {
      return isoDateOf(days);
    }
    days++;
  }
}

export function inventFoundedYear(rng: Random, ipoYear: number, industry: IndustryProfile): number {
  const young = industry.sector === 'Technology' || industry.name === 'Biotechnology';
  return Math.max(young ? 1960 : 1850, ipoYear - rng.int(1, young ? 25 : 80));
}

/** Head count from the cost base (revenue, or costs for a loss maker) and sector productivity. */
export function inventEmployees(
  rng: Random,
  costBaseUsd: number,
  industry: IndustryProfile,
): number {
  const perEmployee = rng.between(industry.revenuePerEmployeeUsd);
  const count = costBaseUsd / perEmployee;
  const step = count >= 100_000 ? 100 : count >= 1000 ? 10 : 1;
  return Math.max(8, Math.round(count / step) * step);
}

export function pickCity(rng: Random, locale: Locale): City {
  return rng.pick(locale.cities);
}

import { describe, expect, it } from 'vitest';
import { EXCHANGES } from '../../../core/market/exchanges';
import { LOCALES } from './locales';
import {
  DENYLISTED_NAMES,
  DENYLISTED_TICKERS,
  composeCompanyName,
  inventBrand,
  inventPerson,
  isDenylistedName,
  lettersOf,
} from './names';
import { createRandom } from './random';
import { inventSymbol } from './tickers';

describe('denylist', () => {
  it('holds the famous names and tickers', () => {
    for (const name of ['apple', 'microsoft', 'toyota', 'sony', 'aramco', 'hsbc', 'sap', 'bp']) {
      expect(DENYLISTED_NAMES.has(name)).toBe(true);
    }
    for (const ticker of ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'META', 'TSLA', 'NVDA', 'IBM', 'TCS']) {
      expect(DENYLISTED_TICKERS.has(ticker)).toBe(true);
    }
  });

  it('recognises real names as words and as the start of a brand', () => {
    expect(isDenylistedName('Apple Inc.')).toBe(true);
    expect(isDenylistedName('Sony Group Corporation')).toBe(true);
    expect(isDenylistedName('Saudi Aramco Co.')).toBe(true);
    expect(isDenylistedName('BP plc')).toBe(true);
    expect(isDenylistedName('Toyotaro Motors Co., Ltd.')).toBe(true);
    expect(isDenylistedName('Nestlé SA')).toBe(true);
    expect(isDenylistedName('Velora Therapeutics, Inc.')).toBe(false);
    expect(isDenylistedName('Sapphirex Corp.')).toBe(false); // 'sap' is too short to match a prefix
  });

  it('normalises accents and punctuation', () => {
    expect(lettersOf("Hôtel-Brand's")).toBe('hotelbrands');
  });
});

describe('invented names', () => {
  it('builds brands in every style and names with a legal form', () => {
    const rng = createRandom('names');
    for (const locale of Object.values(LOCALES)) {
      for (let i = 0; i < 50; i++) {
        const brand = inventBrand(rng, locale.nameStyle);
        expect(brand).toMatch(/^(Al )?[A-ZÀ-Ý][a-zà-ÿ]+$/);
        const name = composeCompanyName(rng, locale, brand, ['Systems']);
        expect(name).toContain(brand);
        expect(locale.legalForms.some(([form]) => name.endsWith(form.split('{}')[1] ?? ''))).toBe(
          true,
        );
        expect(inventPerson(rng, locale)).toMatch(/^(Mr|Ms)\. \S/);
      }
    }
  });

  it('invents tickers in each exchange format, avoiding taken and famous ones', () => {
    const rng = createRandom('tickers');
    const taken = new Set<string>();
    for (const exchange of EXCHANGES) {
      for (let i = 0; i < 100; i++) {
        const symbol = inventSymbol(rng, exchange, 'Velorant', taken);
        expect(taken.has(symbol)).toBe(false);
        expect(symbol.endsWith(exchange.symbolSuffix)).toBe(true);
        expect(DENYLISTED_TICKERS.has(symbol.replace(exchange.symbolSuffix, ''))).toBe(false);
        taken.add(symbol);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { createSimulatedMarket } from '../../infra/local/market';
import { alertMoment, sessionRise } from './alert-moment';

const companies = generateUniverse({ count: 60, anchor: FIXED_DEMO_ANCHOR }).map((c) => ({
  symbol: c.profile.symbol,
  exchangeShortName: c.profile.exchangeShortName,
  instrument: c.instrument,
}));

describe('alertMoment (the alert tests never skip)', () => {
  const market = createSimulatedMarket();
  const check = (now: number) => {
    const moment = alertMoment(companies, now, market)!;
    expect(moment).toBeDefined();
    const company = companies.find((c) => c.symbol === moment.symbol)!;
    const before = market.quote(company.instrument, new Date(now))!;
    const after = market.quote(company.instrument, new Date(moment.at + 500))!;
    expect(before.price).toBe(moment.before);
    expect(after.price).toBe(moment.after);
    expect(after.marketOpen).toBe(true);
    expect(moment.after).toBeGreaterThan(moment.before);
    return moment;
  };

  it('while a market is open: a rise at the next minute, fired by the timer', () => {
    const now = Date.parse('2026-11-25T15:00:10Z'); // a Wednesday, New York and London open
    const moment = check(now);
    expect(moment).toMatchObject({ live: true, at: Date.parse('2026-11-25T15:01:00Z') });
  });

  it.each([
    ['a Saturday', '2026-11-28T12:00:00Z'],
    ['a weekday night in UTC', '2026-11-26T22:30:00Z'],
    // Only Europe trades, and none of its companies rises at the next minute: a closed exchange's
    // next session is the moment.
    ['a European morning without a riser at the next minute', '2026-11-27T10:02:10Z'],
  ])('on %s: a company of a closed exchange, rising in its next session', (_, iso) => {
    const now = Date.parse(iso);
    const moment = check(now);
    expect(moment.live).toBe(false);
    expect(moment.at).toBeGreaterThan(now);
    expect(
      market.quote(companies.find((c) => c.symbol === moment.symbol)!.instrument, new Date(now))!
        .marketOpen,
    ).toBe(false);
  });
});

describe('sessionRise (alerts on the dev clock, never the timer)', () => {
  const market = createSimulatedMarket();

  it.each([
    ['a Wednesday afternoon in New York', '2026-11-25T15:00:10Z'],
    ['a Saturday', '2026-11-28T12:00:00Z'],
    ['a European morning', '2026-11-27T10:02:10Z'],
  ])('on %s: a closed exchange’s company, below for two minutes, then above', (_, iso) => {
    const now = Date.parse(iso);
    const rise = sessionRise(companies, now, market)!;
    expect(rise).toBeDefined();
    const company = companies.find((c) => c.symbol === rise.symbol)!;
    const [a, b, c] = rise.instants.map((t) => market.quote(company.instrument, new Date(t))!);
    for (const quote of [a!, b!, c!]) expect(quote.marketOpen).toBe(true);
    expect(Math.max(a!.price, b!.price)).toBe(rise.before);
    expect(c!.price).toBe(rise.after);
    expect(rise.after).toBeGreaterThan(rise.before);
    expect(rise.instants[0]).toBeGreaterThan(now);
    for (const at of [now, now + 10 * 60_000]) {
      expect(market.quote(company.instrument, new Date(at))!.marketOpen).toBe(false);
    }
  });
});

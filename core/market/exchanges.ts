/**
 * The exchanges of the markets that SPEC §3's indexes cover, with the calendar facts a market
 * needs: time zone, trading sessions (local wall-clock, lunch breaks as two sessions) and the
 * weekdays it trades. Holidays are not modelled.
 */

export interface TradingSession {
  /** Local wall-clock minutes after midnight. */
  readonly openMinute: number;
  readonly closeMinute: number;
}

export interface Exchange {
  readonly shortName: string; // FMP exchangeShortName
  readonly name: string; // FMP exchange
  readonly country: string; // ISO 3166-1 alpha-2, also the ISIN prefix of its listings
  readonly currency: string;
  readonly timeZone: string; // IANA
  readonly sessions: readonly TradingSession[];
  /** Trading weekdays, 0 = Sunday … 6 = Saturday. */
  readonly tradingDays: readonly number[];
  /** Ticker suffix FMP uses for this exchange ('' for US listings). */
  readonly symbolSuffix: string;
}

const hm = (hours: number, minutes = 0) => hours * 60 + minutes;
const MON_FRI = [1, 2, 3, 4, 5] as const;

export const EXCHANGES = [
  {
    shortName: 'NASDAQ',
    name: 'NASDAQ Global Select',
    country: 'US',
    currency: 'USD',
    timeZone: 'America/New_York',
    sessions: [{ openMinute: hm(9, 30), closeMinute: hm(16) }],
    tradingDays: MON_FRI,
    symbolSuffix: '',
  },
  {
    shortName: 'NYSE',
    name: 'New York Stock Exchange',
    country: 'US',
    currency: 'USD',
    timeZone: 'America/New_York',
    sessions: [{ openMinute: hm(9, 30), closeMinute: hm(16) }],
    tradingDays: MON_FRI,
    symbolSuffix: '',
  },
  {
    shortName: 'LSE',
    name: 'London Stock Exchange',
    country: 'GB',
    currency: 'GBP',
    timeZone: 'Europe/London',
    sessions: [{ openMinute: hm(8), closeMinute: hm(16, 30) }],
    tradingDays: MON_FRI,
    symbolSuffix: '.L',
  },
  {
    shortName: 'XETRA',
    name: 'XETRA',
    country: 'DE',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    sessions: [{ openMinute: hm(9), closeMinute: hm(17, 30) }],
    tradingDays: MON_FRI,
    symbolSuffix: '.DE',
  },
  {
    shortName: 'EURONEXT',
    name: 'Euronext Paris',
    country: 'FR',
    currency: 'EUR',
    timeZone: 'Europe/Paris',
    sessions: [{ openMinute: hm(9), closeMinute: hm(17, 30) }],
    tradingDays: MON_FRI,
    symbolSuffix: '.PA',
  },
  {
    shortName: 'NSE',
    name: 'National Stock Exchange of India',
    country: 'IN',
    currency: 'INR',
    timeZone: 'Asia/Kolkata',
    sessions: [{ openMinute: hm(9, 15), closeMinute: hm(15, 30) }],
    tradingDays: MON_FRI,
    symbolSuffix: '.NS',
  },
  {
    shortName: 'SHH',
    name: 'Shanghai Stock Exchange',
    country: 'CN',
    currency: 'CNY',
    timeZone: 'Asia/Shanghai',
    sessions: [
      { openMinute: hm(9, 30), closeMinute: hm(11, 30) },
      { openMinute: hm(13), closeMinute: hm(15) },
    ],
    tradingDays: MON_FRI,
    symbolSuffix: '.SS',
  },
  {
    shortName: 'HKSE',
    name: 'Hong Kong Stock Exchange',
    country: 'HK',
    currency: 'HKD',
    timeZone: 'Asia/Hong_Kong',
    sessions: [
      { openMinute: hm(9, 30), closeMinute: hm(12) },
      { openMinute: hm(13), closeMinute: hm(16) },
    ],
    tradingDays: MON_FRI,
    symbolSuffix: '.HK',
  },
  {
    shortName: 'JPX',
    name: 'Tokyo Stock Exchange',
    country: 'JP',
    currency: 'JPY',
    timeZone: 'Asia/Tokyo',
    sessions: [
      { openMinute: hm(9), closeMinute: hm(11, 30) },
      { openMinute: hm(12, 30), closeMinute: hm(15, 30) },
    ],
    tradingDays: MON_FRI,
    symbolSuffix: '.T',
  },
  {
    shortName: 'SAU',
    name: 'Saudi Exchange (Tadawul)',
    country: 'SA',
    currency: 'SAR',
    timeZone: 'Asia/Riyadh',
    sessions: [{ openMinute: hm(10), closeMinute: hm(15) }],
    tradingDays: [0, 1, 2, 3, 4], // Sunday to Thursday
    symbolSuffix: '.SR',
  },
] as const satisfies readonly Exchange[];

export type ExchangeShortName = (typeof EXCHANGES)[number]['shortName'];

const byShortName = new Map<string, Exchange>(EXCHANGES.map((e) => [e.shortName, e]));

export function findExchange(shortName: string): Exchange | undefined {
  return byShortName.get(shortName);
}

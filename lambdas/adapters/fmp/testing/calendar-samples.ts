/**
 * Test helper: answers of FMP's calendar endpoints as FMP's v3 documentation shows them, fields we
 * ignore included (revenue, label, updatedFromDate), with the gaps real answers have: a null EPS
 * before the report, '--' for an unknown time, '' and null for dates not announced.
 */

export const EARNING_CALENDAR_SAMPLE = [
  {
    date: '2024-11-05',
    symbol: 'AAPL',
    eps: 1.64,
    epsEstimated: 1.6,
    time: 'amc',
    revenue: 94_930_000_000,
    revenueEstimated: 94_360_000_000,
    fiscalDateEnding: '2024-09-28',
    updatedFromDate: '2024-11-04',
  },
  {
    date: '2024-11-20',
    symbol: 'NVDA',
    eps: null,
    epsEstimated: 0.75,
    time: 'amc',
    revenue: null,
    revenueEstimated: 33_160_000_000,
    fiscalDateEnding: '2024-10-27',
    updatedFromDate: '2024-11-04',
  },
  {
    date: '2024-11-07',
    symbol: 'TINY.L',
    eps: null,
    epsEstimated: null,
    time: '--',
    revenue: null,
    revenueEstimated: null,
    fiscalDateEnding: '2024-09-30',
    updatedFromDate: '2024-11-04',
  },
];

export const HISTORICAL_EARNINGS_SAMPLE = [
  {
    ...EARNING_CALENDAR_SAMPLE[0],
    date: '2025-01-30',
    eps: null,
    epsEstimated: 2.35,
    fiscalDateEnding: '2024-12-28',
  },
  EARNING_CALENDAR_SAMPLE[0],
  {
    date: '2024-08-01',
    symbol: 'AAPL',
    eps: 1.4,
    epsEstimated: 1.35,
    time: 'amc',
    revenue: 85_777_000_000,
    revenueEstimated: 84_460_000_000,
    fiscalDateEnding: '2024-06-29',
    updatedFromDate: '2024-08-02',
  },
];

export const DIVIDEND_CALENDAR_SAMPLE = [
  {
    date: '2024-11-08',
    label: 'November 08, 24',
    adjDividend: 0.25,
    symbol: 'AAPL',
    dividend: 0.25,
    recordDate: '2024-11-11',
    paymentDate: '2024-11-14',
    declarationDate: '2024-10-31',
  },
  {
    date: '2024-11-14',
    label: 'November 14, 24',
    adjDividend: 0.0475,
    symbol: 'XYZ.DE',
    dividend: 0.0475,
    recordDate: '',
    paymentDate: null,
    declarationDate: '',
  },
  // A row without an amount is not a dividend anyone can show.
  {
    date: '2024-11-15',
    label: 'November 15, 24',
    adjDividend: null,
    symbol: 'NONE',
    dividend: null,
    recordDate: null,
    paymentDate: null,
    declarationDate: null,
  },
];

export const DIVIDEND_HISTORY_SAMPLE = {
  symbol: 'AAPL',
  historical: [
    {
      date: '2024-11-08',
      label: 'November 08, 24',
      adjDividend: 0.25,
      dividend: 0.25,
      recordDate: '2024-11-11',
      paymentDate: '2024-11-14',
      declarationDate: '2024-10-31',
    },
    {
      date: '2024-08-12',
      label: 'August 12, 24',
      adjDividend: 0.25,
      dividend: 0.25,
      recordDate: '2024-08-12',
      paymentDate: '2024-08-15',
      declarationDate: '2024-08-01',
    },
  ],
};

export const SPLIT_CALENDAR_SAMPLE = [
  { date: '2024-11-18', label: 'November 18, 24', symbol: 'SPLT', numerator: 3, denominator: 1 },
  { date: '2024-11-21', label: 'November 21, 24', symbol: 'REV', numerator: 1, denominator: 10 },
];

export const SPLIT_HISTORY_SAMPLE = {
  symbol: 'AAPL',
  historical: [
    { date: '2020-08-31', label: 'August 31, 20', numerator: 4, denominator: 1 },
    { date: '2014-06-09', label: 'June 09, 14', numerator: 7, denominator: 1 },
  ],
};

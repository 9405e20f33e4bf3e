import { describe, expect, it } from 'vitest';
import {
  verdictAlertsOn,
  verdictChanges,
  verdictNoticeOf,
  verdictStatesOf,
  type VerdictStates,
} from './verdict-alerts';

const ALL_COMPLIANT: VerdictStates = {
  aaoifi: 'compliant',
  sp: 'compliant',
  msci: 'compliant',
  ftse: 'compliant',
  djim: 'compliant',
  alrajhi: 'compliant',
};

describe('verdictStatesOf', () => {
  it('reads each standard’s verdict, and none where a standard or the whole screen has none', () => {
    expect(
      verdictStatesOf({ symbol: 'ABC', shariah: { aaoifi: 'questionable', msci: 'compliant' } }),
    ).toEqual({
      aaoifi: 'questionable',
      sp: 'none',
      msci: 'compliant',
      ftse: 'none',
      djim: 'none',
      alrajhi: 'none',
    });
    expect(Object.values(verdictStatesOf({ symbol: 'ABC', unavailable: 'no-price' }))).toEqual(
      Array(6).fill('none'),
    );
  });
});

describe('verdictChanges', () => {
  it('is empty for the first look (a baseline) and when nothing changed', () => {
    expect(verdictChanges(undefined, ALL_COMPLIANT)).toEqual([]);
    expect(verdictChanges(ALL_COMPLIANT, { ...ALL_COMPLIANT })).toEqual([]);
  });

  it('lists each standard whose state changed, losing a verdict included', () => {
    expect(
      verdictChanges(ALL_COMPLIANT, { ...ALL_COMPLIANT, sp: 'non-compliant', djim: 'none' }),
    ).toEqual([
      { standard: 'sp', from: 'compliant', to: 'non-compliant' },
      { standard: 'djim', from: 'compliant', to: 'none' },
    ]);
  });
});

describe('verdictNoticeOf', () => {
  it('names the stock, the standard, the old and the new verdict', () => {
    expect(
      verdictNoticeOf('ABC', { standard: 'aaoifi', from: 'compliant', to: 'questionable' }),
    ).toEqual({
      title: 'Shariah verdict changed: ABC is now Questionable under AAOIFI',
      body: 'ABC, which you hold or watch, changed from Compliant to Questionable under AAOIFI, your Shariah standard. Its stock page shows the screen and its inputs.',
    });
    expect(verdictNoticeOf('ABC', { standard: 'msci', from: 'none', to: 'compliant' }).title).toBe(
      'Shariah verdict changed: ABC is now Compliant under MSCI Islamic',
    );
  });
});

describe('verdictAlertsOn', () => {
  it('is on unless the user turned it off', () => {
    expect(verdictAlertsOn(undefined)).toBe(true);
    expect(verdictAlertsOn({})).toBe(true);
    expect(verdictAlertsOn({ verdictAlerts: true })).toBe(true);
    expect(verdictAlertsOn({ verdictAlerts: false })).toBe(false);
  });
});

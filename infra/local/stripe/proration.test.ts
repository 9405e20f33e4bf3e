import { describe, expect, it } from 'vitest';
import { applyBalance, unusedTimeCredit } from './proration';

const DAY = 86_400;

describe('unusedTimeCredit', () => {
  it('credits the share of the period left, rounded to the cent', () => {
    expect(unusedTimeCredit(900, 0, 30 * DAY, 0)).toBe(900);
    expect(unusedTimeCredit(900, 0, 30 * DAY, 10 * DAY)).toBe(600);
    expect(unusedTimeCredit(9000, 0, 365 * DAY, 1 * DAY)).toBe(8975);
    expect(unusedTimeCredit(900, 0, 30 * DAY, 30 * DAY)).toBe(0);
  });

  it('never credits more than the period, nor less than nothing', () => {
    expect(unusedTimeCredit(900, 10, 20, 0)).toBe(900);
    expect(unusedTimeCredit(900, 10, 20, 30)).toBe(0);
  });
});

describe('applyBalance', () => {
  it('charges the total when there is no balance', () => {
    expect(applyBalance(900, 0)).toEqual({ amountDue: 900, endingBalance: 0 });
  });

  it('pays with credit first, and charges the rest', () => {
    expect(applyBalance(900, -8100)).toEqual({ amountDue: 0, endingBalance: -7200 });
    expect(applyBalance(900, -300)).toEqual({ amountDue: 600, endingBalance: 0 });
    expect(applyBalance(900, -900)).toEqual({ amountDue: 0, endingBalance: 0 });
  });

  it('adds a negative total to the credit, and an amount owed to the charge', () => {
    expect(applyBalance(-8100, 0)).toEqual({ amountDue: 0, endingBalance: -8100 });
    expect(applyBalance(-100, -200)).toEqual({ amountDue: 0, endingBalance: -300 });
    expect(applyBalance(900, 100)).toEqual({ amountDue: 1000, endingBalance: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { verdictCell } from './shariah-verdicts';

describe('verdictCell', () => {
  const verdicts = { aaoifi: 'compliant', msci: 'non-compliant', alrajhi: 'questionable' } as const;

  it('shows the verdict under the standard asked for, in the product’s words', () => {
    expect(verdictCell(verdicts, 'aaoifi')).toEqual({
      kind: 'verdict',
      verdict: 'compliant',
      text: 'Compliant',
    });
    expect(verdictCell(verdicts, 'msci')).toMatchObject({ text: 'Non-compliant' });
    expect(verdictCell(verdicts, 'alrajhi')).toMatchObject({ text: 'Questionable' });
  });

  it('says why S&P and DJIM have none without the stored average market caps', () => {
    expect(verdictCell(verdicts, 'sp')).toEqual({
      kind: 'none',
      reason: expect.stringMatching(
        /^S&P Shariah divides by the 36-month average market capitalisation, which is not stored/,
      ),
    });
    expect(verdictCell(verdicts, 'djim')).toMatchObject({
      reason: expect.stringMatching(/^Dow Jones Islamic Market divides by the 24-month average/),
    });
    expect(verdictCell(verdicts, 'ftse')).toEqual({
      kind: 'none',
      reason: 'No FTSE Shariah verdict for this company.',
    });
  });

  it('says why a row has no screen at all, whatever the standard', () => {
    expect(verdictCell(undefined, 'aaoifi')).toMatchObject({
      kind: 'none',
      reason: expect.stringMatching(/neither a reviewer’s Shariah inputs nor the income statement/),
    });
    expect(verdictCell(verdicts, 'aaoifi', 'index')).toEqual({
      kind: 'none',
      reason: 'A market index has no Shariah screen.',
    });
    expect(verdictCell(undefined, 'msci', 'no-price')).toMatchObject({
      reason: expect.stringMatching(/^No price yet/),
    });
    expect(verdictCell(undefined, 'msci', 'unknown')).toMatchObject({
      reason: expect.stringMatching(/not a company this site lists/),
    });
  });
});

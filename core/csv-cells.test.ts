import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell } from './csv-cells';

describe('neutraliseCsvCell', () => {
  it('quotes every text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCsvCell(`${start}HYPERLINK("x")`)).toBe(`'${start}HYPERLINK("x")`);
    }
  });

  it('leaves plain text and numbers (negative ones included) as they are', () => {
    expect(neutraliseCsvCell('Acme Corp')).toBe('Acme Corp');
    expect(neutraliseCsvCell('A=B')).toBe('A=B');
    expect(neutraliseCsvCell(-1.5)).toBe(-1.5);
    expect(neutraliseCsvCell(null)).toBe(null);
  });
});

import { describe, expect, it } from 'vitest';
import { csvTable, neutraliseCsvCell } from './csv-cells';

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

describe('csvTable', () => {
  it('writes CRLF rows, neutralises every cell and leaves missing values empty', () => {
    expect(
      csvTable(
        ['Name', 'Value'],
        [
          ['=SUM(A1)', -2],
          ['Plain, "quoted"', null],
        ],
      ),
    ).toBe(`Name,Value\r\n'=SUM(A1),-2\r\n"Plain, ""quoted""",`);
  });
});

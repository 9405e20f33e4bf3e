import { describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { STATEMENT_KINDS } from '../../core/market/statements';
import type { StatementKind } from '../../core/market/types';
import {
  SHEET_SCHEMAS,
  sheetIdOf,
  sheetInputSchema,
  toSheetInput,
  toStatement,
} from '../../core/curation/sheet';
import { brokenIdentities, checkIdentities } from '../../core/curation/sheet-identities';

const ISIN = 'US0378331005';
const [company] = generateUniverse({ seed: 'sheet-test', count: 3, anchor: FIXED_DEMO_ANCHOR });
if (!company) throw new Error('no demo company');

const statementsOf = (kind: StatementKind) => [...company.annual[kind], ...company.quarterly[kind]];

describe('accounting identities of a curated sheet', () => {
  it.each(STATEMENT_KINDS)('every %s statement of the demo universe satisfies them', (kind) => {
    for (const company of generateUniverse({
      seed: 'sheet-identities',
      count: 20,
      anchor: FIXED_DEMO_ANCHOR,
    })) {
      for (const statement of [...company.annual[kind], ...company.quarterly[kind]]) {
        expect(brokenIdentities(kind, statement as never)).toEqual([]);
      }
    }
  });

  it('reports the difference of a broken balance sheet, and leaves unreported lines unchecked', () => {
    const sheet = { ...(company.annual.balance[0] as unknown as Record<string, number | null>) };
    sheet['totalAssets'] = (sheet['totalAssets'] as number) + 1_000;
    const broken = brokenIdentities('balance', sheet);
    expect(broken.map((b) => b.label)).toContain('totalAssets = totalLiabilities + totalEquity');
    expect(broken.find((b) => b.label.startsWith('totalAssets = totalL'))?.difference).toBe(1_000);
    sheet['goodwill'] = null;
    const goodwill = checkIdentities('balance', sheet).find(
      (c) => c.total === 'goodwillAndIntangibleAssets',
    );
    expect(goodwill?.holds).toBeNull();
  });
});

describe('sheet input', () => {
  const income = () => toSheetInput('income', ISIN, company.annual.income[0]!);

  it('round-trips a stored statement through the editable form', () => {
    for (const kind of STATEMENT_KINDS) {
      for (const statement of statementsOf(kind)) {
        const input = toSheetInput(kind, ISIN, statement as never);
        const parsed = sheetInputSchema.parse(input);
        const stored = toStatement(parsed, {
          symbol: statement.symbol,
          reportedCurrency: statement.reportedCurrency,
          filedAt: new Date(`${statement.fillingDate}T00:00:00Z`),
        }) as unknown as Record<string, unknown>;
        for (const [field, value] of Object.entries(statement)) {
          if (field === 'acceptedDate') continue;
          if (typeof value === 'number') expect(stored[field]).toBeCloseTo(value, 9);
          else expect(stored[field]).toBe(value);
        }
      }
    }
  });

  it('names the field of a wrong line, a broken identity, and a typed-in TTM sheet', () => {
    const messages = (value: unknown) => {
      const result = sheetInputSchema.safeParse(value);
      return result.success
        ? []
        : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(messages({ ...income(), revenue: 'lots' })).toContain(
      'revenue: revenue must be a number or null',
    );
    expect(messages({ ...income(), grossProfit: income().grossProfit! + 5 })[0]).toMatch(
      /^grossProfit: grossProfit = revenue − costOfRevenue does not hold/,
    );
    expect(messages({ ...income(), isTTM: true })).toContain(
      'isTTM: TTM sheets are derived from the last four quarters and cannot be entered',
    );
    expect(messages({ ...income(), sheetType: 'ledger' })[0]).toMatch(/^sheetType: /);
    expect(messages({ ...income(), grossProfitRatio: 0.5 })[0]).toMatch(/grossProfitRatio/);
  });

  it('takes a missing or null line as not reported, and derives the ratios', () => {
    const { researchAndDevelopmentExpenses: _dropped, ...rest } = income();
    const parsed = SHEET_SCHEMAS.income.parse({ ...rest, ebitda: null });
    expect(parsed.researchAndDevelopmentExpenses).toBeNull();
    const stored = toStatement(parsed, {
      symbol: 'X',
      reportedCurrency: 'USD',
      filedAt: new Date(),
    });
    expect(stored.ebitdaratio).toBeNull();
    expect(stored.grossProfitRatio).toBeCloseTo(parsed.grossProfit! / parsed.revenue!, 12);
    expect(sheetIdOf(parsed)).toBe(`income-${parsed.year}-FY`);
  });
});

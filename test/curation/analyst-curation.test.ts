import { describe, expect, it } from 'vitest';
import {
  analystInputSchema,
  analystWarnings,
  type AnalystInput,
} from '../../core/curation/analyst';
import { Conflict, Forbidden, NotFound } from '../../core/domain-errors';
import { emptyPermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import type { AnalystData } from '../../core/market/types';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { InMemoryCuratedItemStore } from '../../lambdas/adapters/testing/memory/curated-item-store';
import { createAnalystService } from '../../lambdas/curation/analyst-service';
import type { Curator } from '../../lambdas/curation/curator-access';

const [company] = generateUniverse({
  seed: 'analyst-curation',
  count: 1,
  anchor: FIXED_DEMO_ANCHOR,
});
const ISIN = company!.profile.isin;
const OTHER = 'US5949181045';
const { symbol: _symbol, asOf: _asOf, priceAsOf: _priceAsOf, ...ingested } = company!.analyst;
// What the console sends: the curated fields, without the demo's as-of price and grade targets.
const input = (): AnalystInput => ({
  ...structuredClone(ingested),
  grades: ingested.grades.map(({ priceTarget: _t, priceWhenPosted: _p, ...grade }) => grade),
});
const admin: Curator = { sub: 'a', email: 'admin@example.com', groups: ['admin'] };
const editor: Curator = { sub: 'e', email: 'ed@example.com', groups: ['editor'] };

function setup() {
  const set = emptyPermissionSet();
  const store = new InMemoryCuratedItemStore<AnalystData>(
    new Map([
      [ISIN, { symbol: company!.profile.symbol, value: company!.analyst }],
      [OTHER, { symbol: 'NEWCO' }],
    ]),
  );
  const users = {
    get: async () =>
      ({
        permissionSet: {
          accessLevels: { ...set, ANALYST: { ...set.ANALYST, read: [ISIN], update: [ISIN] } },
        },
      }) as unknown as UserRecord,
  };
  return createAnalystService({ store, users, clock: () => new Date('2026-11-25T07:00:00Z') });
}

describe('analyst curation', () => {
  it('validates targets in order and names the field', () => {
    const bad = { ...input(), priceTarget: { ...input().priceTarget, low: 500, high: 100 } };
    const result = analystInputSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('priceTarget.high');
    expect(
      analystInputSchema.safeParse({ ...input(), grades: [{ date: '2026-01-01' }] }).error
        ?.issues[0]?.path,
    ).toEqual(['grades', 0, 'gradingCompany']);
  });

  it("takes the stored value's as-of day and price back, so a save keeps them", () => {
    const stored = { ...input(), asOf: '2026-11-20', priceAsOf: 412.5 };
    expect(analystInputSchema.parse(stored)).toMatchObject({
      asOf: '2026-11-20',
      priceAsOf: 412.5,
    });
    expect(
      analystInputSchema.safeParse({ ...stored, priceAsOf: -1 }).error?.issues[0]?.path,
    ).toEqual(['priceAsOf']);
  });

  it('takes the stored value back whole: as-of price and grade targets included', () => {
    const { symbol: _s, ...stored } = company!.analyst;
    expect(stored.grades[0]?.priceTarget).toBeGreaterThan(0);
    expect(analystInputSchema.safeParse(stored).success).toBe(true);
  });

  it('takes an initiation without a previous grade', () => {
    const grade = {
      date: '2026-01-02',
      gradingCompany: 'Firm',
      previousGrade: '',
      newGrade: 'Buy',
      action: 'initiate',
    };
    expect(analystInputSchema.safeParse({ ...input(), grades: [grade] }).success).toBe(true);
  });

  it('warns when the mean target is implausible against the price or the consensus contradicts it', () => {
    const bullish = {
      ...input(),
      consensus: 'Buy' as const,
      priceTarget: { ...input().priceTarget, low: 100, consensus: 177, median: 170, high: 250 },
    };
    const warnings = analystWarnings(bullish, 438);
    expect(warnings.some((w) => w.includes('-59.6%'))).toBe(true);
    expect(
      warnings.some((w) => w.startsWith('A Buy consensus with a mean target below the price')),
    ).toBe(true);
    expect(analystWarnings(bullish, 180).filter((w) => w.includes('from the price'))).toEqual([]);
  });

  it('warns on a Hold consensus whose mean target is outside the Hold band, as the stock page reads it', () => {
    const hold = {
      ...input(),
      consensus: 'Hold' as const,
      priceTarget: { ...input().priceTarget, low: 100, consensus: 130, median: 130, high: 150 },
    };
    const outside = (price: number) =>
      analystWarnings(hold, price).filter((w) => w.startsWith('A Hold consensus'));
    expect(outside(100)).toEqual([
      'A Hold consensus with a mean target 30.0% from the price, outside the Hold band (±10%)',
    ]);
    expect(outside(125)).toEqual([]);
  });

  it('warns on a grade whose target is implausible or points against the grade at the price when posted', () => {
    const grade = {
      date: '2026-03-02',
      gradingCompany: 'Firm',
      previousGrade: 'Hold',
      newGrade: 'Overweight',
      action: 'upgrade' as const,
    };
    // A range wide enough for every target below, so only the grades' own checks speak.
    const wide = { ...input().priceTarget, low: 50, consensus: 100, median: 100, high: 1500 };
    const withGrades = (...grades: AnalystInput['grades']) =>
      analystWarnings({ ...input(), priceTarget: wide, grades }, null);
    expect(withGrades({ ...grade, priceTarget: 90, priceWhenPosted: 100 })).toEqual([
      'The Overweight of Firm on 2026-03-02 has a target -10.0% from the price when posted',
    ]);
    expect(withGrades({ ...grade, priceTarget: 1200, priceWhenPosted: 100 })).toEqual([
      'The Overweight of Firm on 2026-03-02: the target 1200 is +1100.0% from the price when posted 100: check the figures',
    ]);
    // A Neutral within the Hold band, a grade on a scale core does not know, one without a price.
    expect(
      withGrades(
        { ...grade, priceTarget: 120, priceWhenPosted: 100 },
        { ...grade, newGrade: 'Neutral', priceTarget: 105, priceWhenPosted: 100 },
        { ...grade, newGrade: 'Top Pick', priceTarget: 90, priceWhenPosted: 100 },
        { ...grade, priceTarget: 90 },
      ),
    ).toEqual([]);
  });

  it('warns when a current grade’s target lies outside the consensus range (450 above a 410 high)', () => {
    const range = { low: 300, consensus: 360, median: 355, high: 410, currency: 'USD' };
    const grade = {
      date: '2026-11-09',
      gradingCompany: 'Redmarsh Capital',
      previousGrade: '',
      newGrade: 'Buy',
      action: 'initiate' as const,
      priceWhenPosted: 380,
    };
    const warnings = (...grades: AnalystInput['grades']) =>
      analystWarnings({ ...input(), priceTarget: range, grades }, null).filter((w) =>
        w.includes('unless the range is corrected'),
      );
    expect(warnings({ ...grade, priceTarget: 450 })).toEqual([
      'The target 450 USD of Redmarsh Capital on 2026-11-09 lies above the high 410: the page will show it as the high unless the range is corrected',
    ]);
    expect(warnings({ ...grade, priceTarget: 290 })[0]).toContain('below the low 300');
    // Within the range, or superseded by the firm's newer target, it says nothing.
    expect(warnings({ ...grade, priceTarget: 400 })).toEqual([]);
    expect(
      warnings(
        { ...grade, priceTarget: 400 },
        { ...grade, date: '2026-05-01', action: 'maintain', priceTarget: 450 },
      ),
    ).toEqual([]);
  });

  it("stores an edited grade's target and price when posted; a price that is not positive names the field", async () => {
    const service = setup();
    const [first, ...rest] = input().grades;
    const edited = { ...first!, priceTarget: 250.5, priceWhenPosted: 231 };
    const saved = await service.update(admin, ISIN, { ...input(), grades: [edited, ...rest] }, 1);
    expect(saved.value!.grades.find((g) => g.date === first!.date)).toMatchObject({
      priceTarget: 250.5,
      priceWhenPosted: 231,
    });
    const refused = analystInputSchema.safeParse({
      ...input(),
      grades: [{ ...first!, priceWhenPosted: 0 }],
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['grades.0.priceWhenPosted', 'priceWhenPosted must be positive'],
    ]);
  });

  it('updates versioned with an audit entry, refuses a stale version, restores', async () => {
    const service = setup();
    const current = await service.get(admin, ISIN);
    expect(current.version).toBe(1);
    const changed = { ...input(), consensus: 'Hold' as const };
    const updated = await service.update(admin, ISIN, changed, 1);
    expect(updated).toMatchObject({ version: 2, updatedBy: 'admin@example.com' });
    expect(updated.value?.symbol).toBe(company!.profile.symbol);
    await expect(service.update(admin, ISIN, input(), 1)).rejects.toBeInstanceOf(Conflict);
    const history = await service.history(admin, ISIN);
    expect(history[0]).toMatchObject({ version: 2, before: company!.analyst });
    const restored = await service.restore(admin, ISIN, 2, 2);
    expect(restored.version).toBe(3);
    await expect(service.restore(admin, ISIN, 9, 3)).rejects.toBeInstanceOf(NotFound);
  });

  it('sorts grades newest first and creates the item for a company without one', async () => {
    const service = setup();
    const grades = [...input().grades].reverse();
    const created = await service.update(admin, OTHER, { ...input(), grades }, 0);
    expect(created.version).toBe(1);
    const dates = created.value!.grades.map((g) => g.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('lets an editor curate only the ISINs their set allows', async () => {
    const service = setup();
    await expect(service.update(editor, ISIN, input(), 1)).resolves.toMatchObject({ version: 2 });
    await expect(service.update(editor, OTHER, input(), 0)).rejects.toBeInstanceOf(Forbidden);
    await expect(service.get(editor, OTHER)).rejects.toBeInstanceOf(Forbidden);
  });
});

import { describe, expect, it } from 'vitest';
import { DESCRIPTION_ARGS, descriptionTextSchema } from './description';

describe('descriptionTextSchema', () => {
  it('trims and accepts plain text, including a lone "<"', () => {
    expect(descriptionTextSchema.parse('  Makes widgets; margin < 5%.  ')).toBe(
      'Makes widgets; margin < 5%.',
    );
  });

  it.each(['', '   ', 'x'.repeat(5_001)])('refuses an empty or overlong text (%#)', (text) => {
    expect(descriptionTextSchema.safeParse(text).success).toBe(false);
  });

  it('accepts exactly 5,000 characters', () => {
    expect(descriptionTextSchema.safeParse('x'.repeat(5_000)).success).toBe(true);
  });

  it.each([
    '<script>alert(1)</script>',
    'a <b>bold</b> claim',
    'x </p>',
    '<!-- c -->',
    '<img src=x>',
  ])('refuses HTML: %s', (text) => {
    const result = descriptionTextSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/HTML/);
  });
});

describe('DESCRIPTION_ARGS', () => {
  it('refuses an ISIN with a wrong check digit', () => {
    expect(DESCRIPTION_ARGS.curatedDescription.safeParse({ isin: 'US0378331005' }).success).toBe(
      true,
    );
    expect(DESCRIPTION_ARGS.curatedDescription.safeParse({ isin: 'US0378331006' }).success).toBe(
      false,
    );
  });

  it('refuses restoring version 0 (the ingested text has no audit entry)', () => {
    const args = { isin: 'US0378331005', version: 0, expectedVersion: 3 };
    expect(DESCRIPTION_ARGS.restoreDescription.safeParse(args).success).toBe(false);
  });
});

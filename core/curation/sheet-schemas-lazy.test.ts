import { describe, expect, it, vi } from 'vitest';
import type * as Zod from 'zod';

// Counts the number schemas built: each sheet line is one (its messages name the line).
const built = vi.hoisted(() => ({ numbers: 0 }));
vi.mock('zod', async (importOriginal) => {
  const zod = await importOriginal<typeof Zod>();
  return {
    ...zod,
    number: (...args: Parameters<typeof zod.number>) => {
      built.numbers += 1;
      return zod.number(...args);
    },
  };
});

describe('sheet schemas', () => {
  // Every cold start of the GraphQL function imports this module; only a sheet write parses.
  it('builds a kind’s line schemas on its first use, once', async () => {
    const { SHEET_LINE_FIELDS, SHEET_SCHEMAS } = await import('./sheet');
    const atImport = built.numbers;
    const income = SHEET_SCHEMAS.income;
    expect(built.numbers - atImport).toBe(SHEET_LINE_FIELDS.income.length);
    expect(SHEET_SCHEMAS.income).toBe(income);
    expect(built.numbers - atImport).toBe(SHEET_LINE_FIELDS.income.length);
  });
});

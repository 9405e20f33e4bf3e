import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { testQueryClient } from '../testing/test-utils';
import { appRoutes } from './routes';

describe('the SPA route table (SPEC §2)', () => {
  it('has exactly the paths of core ROUTES, plus the catch-all', () => {
    const paths = (appRoutes(testQueryClient())[0]?.children ?? []).map((route) => route.path);
    expect([...paths].sort()).toEqual([...ROUTES.map((route) => route.path), '*'].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });
});

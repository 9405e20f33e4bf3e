import { describe, expect, it } from 'vitest';
import { ADMIN_DASHBOARD_PATH, ADMIN_PROFILE_PATH, ROUTES } from '@core/routes';
import { SETTINGS_PATH } from './settings-sections';
import { ADMIN_TOOLS } from './admin-tools';

describe('admin tools, from core’s route table', () => {
  it('are the admin routes one level below /admin other than the dashboard, profile and settings', () => {
    const notTools: string[] = [ADMIN_DASHBOARD_PATH, ADMIN_PROFILE_PATH, SETTINGS_PATH];
    const expected = ROUTES.map((r) => r.path).filter(
      (p) => /^\/admin\/[^/]+$/.test(p) && !notTools.includes(p),
    );
    expect(ADMIN_TOOLS.map((t) => t.path)).toEqual(expected);
    expect(ADMIN_TOOLS.map((t) => t.title)).toEqual(['Screener', 'Analysis', 'Calendar']);
  });
});

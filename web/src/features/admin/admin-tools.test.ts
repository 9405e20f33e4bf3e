import { describe, expect, it } from 'vitest';
import { ADMIN_DASHBOARD_PATH, ROUTES } from '../../../../core/routes';
import { SETTINGS_PATH } from './settings-sections';
import { ADMIN_TOOLS } from './admin-tools';

describe('admin tools, from core’s route table', () => {
  it('are the admin routes one level below /admin other than the dashboard and settings', () => {
    const expected = ROUTES.map((r) => r.path).filter(
      (p) => /^\/admin\/[^/]+$/.test(p) && p !== ADMIN_DASHBOARD_PATH && p !== SETTINGS_PATH,
    );
    expect(ADMIN_TOOLS.map((t) => t.path)).toEqual(expected);
    expect(ADMIN_TOOLS.map((t) => t.title)).toEqual(['Screener', 'Analysis', 'Calendar']);
  });
});

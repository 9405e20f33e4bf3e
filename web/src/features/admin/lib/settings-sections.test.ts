import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { SETTINGS_PATH, SETTINGS_SECTIONS, settingsPageFor } from './settings-sections';

/** A concrete path for a route pattern: every parameter filled in. */
const example = (pattern: string) => pattern.replace(/:[^/]+/g, 'X1');
const settingsRoutes: readonly string[] = ROUTES.map((r) => r.path).filter((p) =>
  p.startsWith(`${SETTINGS_PATH}/`),
);

describe('settings areas, from core’s route table', () => {
  it('has the settings index in the route table', () => {
    expect(ROUTES.map((r) => r.path)).toContain(SETTINGS_PATH);
  });

  it('is every route one level below the settings index, in the table’s order', () => {
    expect(SETTINGS_SECTIONS.map((s) => s.path)).toEqual(
      settingsRoutes.filter((p) => !p.slice(SETTINGS_PATH.length + 1).includes('/')),
    );
  });

  it('titles every deeper settings route as a sub-page of its area, and nothing else', () => {
    for (const pattern of settingsRoutes) {
      const page = settingsPageFor(`${example(pattern)}/`);
      expect(page, pattern).toBeDefined();
      const isArea = SETTINGS_SECTIONS.some((s) => s.path === pattern);
      expect(page?.subPage === undefined, pattern).toBe(isArea);
    }
    const titled = SETTINGS_SECTIONS.flatMap((s) =>
      Object.keys(s.subPages ?? {}).map((rest) => `${s.path}/${rest}`),
    );
    expect(titled.every((pattern) => settingsRoutes.includes(pattern))).toBe(true);
  });

  it('finds the page of a path with parameters, a trailing slash or a query', () => {
    expect(settingsPageFor('/admin/settings/sheets/US0378331005/edit/7?x=1')).toMatchObject({
      section: { title: 'Sheets' },
      subPage: 'Edit a sheet',
    });
    expect(settingsPageFor('/admin/settings/users/')).toEqual({
      section: expect.objectContaining({ title: 'Users' }) as unknown,
    });
    expect(settingsPageFor('/admin/dashboard')).toBeUndefined();
    expect(settingsPageFor('/admin/settings')).toBeUndefined();
  });
});

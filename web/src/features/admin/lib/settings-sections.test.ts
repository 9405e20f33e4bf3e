import { describe, expect, it } from 'vitest';
import { ROUTES } from '@core/routes';
import { SETTINGS_PATH, SETTINGS_SECTIONS } from './settings-sections';

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
});

import { DEFAULT_THEME } from '@core/constants';

/** §9: the theme follows the system by default; the visitor may pin light or dark. */
export type ThemePreference = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
const PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

export function readThemePreference(
  storage: Pick<Storage, 'getItem'> | undefined,
): ThemePreference {
  const stored = storage?.getItem(THEME_STORAGE_KEY);
  return PREFERENCES.includes(stored as ThemePreference)
    ? (stored as ThemePreference)
    : (DEFAULT_THEME as ThemePreference);
}

/** The next preference when the switch is pressed: system → light → dark → system. */
export const nextThemePreference = (current: ThemePreference): ThemePreference =>
  PREFERENCES[(PREFERENCES.indexOf(current) + 1) % PREFERENCES.length]!;

/** Applies a preference to the document: 'system' removes the override so the media query rules. */
export function applyThemePreference(root: HTMLElement, preference: ThemePreference): void {
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
}

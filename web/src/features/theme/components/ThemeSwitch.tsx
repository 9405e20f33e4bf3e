import { useEffect, useState } from 'react';
import { localStore, writeItem } from '../../../lib/browser-storage';
import {
  applyThemePreference,
  nextThemePreference,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from '../lib/theme';

const LABELS: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
  const [preference, setPreference] = useState<ThemePreference>(() =>
    readThemePreference(localStore()),
  );

  useEffect(() => {
    applyThemePreference(document.documentElement, preference);
    // Blocked or full storage: the choice still holds for this visit.
    writeItem(localStore(), THEME_STORAGE_KEY, preference);
  }, [preference]);

  return (
    <button
      type="button"
      className="theme-switch"
      onClick={() => setPreference(nextThemePreference)}
      aria-label={`Theme: ${LABELS[preference]}. Switch to ${LABELS[nextThemePreference(preference)]}`}
      title="Switch theme"
    >
      <span aria-hidden="true">
        {preference === 'dark' ? '☾' : preference === 'light' ? '☀' : '◐'}
      </span>
      <span className="theme-label phone-hidden">{LABELS[preference]}</span>
    </button>
  );
}

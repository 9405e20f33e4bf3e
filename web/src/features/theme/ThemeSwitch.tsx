import { useEffect, useState } from 'react';
import {
  applyThemePreference,
  nextThemePreference,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './theme';

const LABELS: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): the switch still works for this visit
  }
}

export function ThemeSwitch() {
  const [preference, setPreference] = useState<ThemePreference>(() =>
    readThemePreference(safeStorage()),
  );

  useEffect(() => {
    applyThemePreference(document.documentElement, preference);
    try {
      safeStorage()?.setItem(THEME_STORAGE_KEY, preference);
    } catch {
      /* quota or blocked storage: keep the in-memory choice */
    }
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
      <span className="theme-label">{LABELS[preference]}</span>
    </button>
  );
}

import { useSyncExternalStore } from 'react';

const DARK = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  // The theme switch pins data-theme on <html>; 'system' follows the media query.
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  const media = typeof matchMedia === 'function' ? matchMedia(DARK) : undefined;
  media?.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media?.removeEventListener('change', onChange);
  };
}

const snapshot = () => {
  const pinned = document.documentElement.dataset.theme;
  if (pinned) return pinned;
  return typeof matchMedia === 'function' && matchMedia(DARK).matches ? 'dark' : 'light';
};

/** 'light' or 'dark' as the page is drawn now, so a canvas can redraw when the theme changes. */
export function useThemeKey(): string {
  return useSyncExternalStore(subscribe, snapshot, () => 'light');
}

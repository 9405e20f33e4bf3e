const STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1 };

/** The keys the keyboard crosshair answers (the page takes them from the browser, e.g. scrolling). */
export function isCrosshairKey(key: string): boolean {
  return crosshairStep(-1, 1, key, false) !== undefined;
}

/**
 * Where the keyboard crosshair goes from bar `active` (-1: none) of `bars`: arrows move it bar by
 * bar (Shift: 10) and start at the latest bar, Home/End jump, Escape hides it (-1). Undefined for
 * any other key.
 */
export function crosshairStep(
  active: number,
  bars: number,
  key: string,
  shift: boolean,
): number | undefined {
  const last = bars - 1;
  const step = STEPS[key];
  if (step !== undefined) {
    const moved = active + step * (shift ? 10 : 1);
    return active < 0 ? last : Math.min(last, Math.max(0, moved));
  }
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'Escape') return -1;
  return undefined;
}

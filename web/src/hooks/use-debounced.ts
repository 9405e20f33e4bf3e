import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (SPEC §9: search debounce 300 ms).
 * `onSettle` runs just before the settled value is set (the search box starts its timing there).
 * Values for which `settlesAtOnce` holds skip the wait (an emptied box searches nothing), and a
 * value typed after them waits again rather than bringing back the one before.
 */
export function useDebounced<T>(
  value: T,
  delayMs: number,
  onSettle?: () => void,
  settlesAtOnce?: (value: T) => boolean,
): T {
  const [settled, setSettled] = useState(value);
  const [latest, setLatest] = useState(value);
  if (!Object.is(latest, value)) {
    // Adjusting state while rendering (React's pattern for state derived from a prop).
    setLatest(value);
    if (settlesAtOnce?.(value)) setSettled(value);
  }
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      settle.current?.();
      setSettled(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

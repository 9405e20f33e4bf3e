import { useEffect, useRef, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs` (SPEC §9: search debounce 300 ms).
 * `onSettle` runs just before the settled value is set (the search box starts its timing there).
 */
export function useDebounced<T>(value: T, delayMs: number, onSettle?: () => void): T {
  const [settled, setSettled] = useState(value);
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

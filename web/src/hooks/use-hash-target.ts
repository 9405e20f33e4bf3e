import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

// What a reader does to take over the scrolling: from then on the page is theirs.
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings the element the address's #hash names into view and gives it the focus, as a browser does
 * for a static page (the router does not). A screen's sections load one by one and push it down,
 * so it is brought back into view whenever the page's size changes and once its own content
 * (`ready`) is there, until the reader scrolls, types or clicks.
 */
export function useHashTarget(id: string, element: RefObject<HTMLElement | null>, ready: boolean) {
  // Each arrival counts (the bell clicked again on the dashboard): the location's key changes.
  const { hash, key } = useLocation();
  const wanted = hash === `#${id}`;
  useEffect(() => {
    const target = element.current;
    if (!wanted || !target) return;
    const bring = () => target.scrollIntoView?.({ block: 'start' });
    bring();
    target.focus({ preventScroll: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(bring);
    resized?.observe(document.body);
    const stop = () => {
      resized?.disconnect();
      for (const type of READER_INPUT) window.removeEventListener(type, stop);
    };
    for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [wanted, key, element, ready]);
}

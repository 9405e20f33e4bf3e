import { startTransition, useEffect, useState, type RefObject } from 'react';
import { whenIdle } from './idle-queue';

/**
 * True once the element has come within `margin` of the viewport (and stays true): heavy content
 * below the fold — a chart and its library — waits until the visitor scrolls towards it.
 */
export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: React renders what comes into view in slices between frames (and keeps
        // the placeholder until it is ready), so scrolling and input never wait for it.
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setSeen(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}

/**
 * True once the element comes within `margin` of the viewport or the browser is first idle,
 * whichever is sooner (and stays true): below-the-fold content waits until what is above the
 * fold has drawn, then comes in short steps, or at once when the visitor scrolls to it.
 */
export function useNearOrIdle(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const near = useInView(ref, margin);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (near || idle) return;
    // As above: a section drawn at idle renders in slices, not one long task.
    return whenIdle(() => startTransition(() => setIdle(true)));
  }, [near, idle]);
  return near || idle;
}

import { useState } from 'react';

/**
 * "Now" for rules judged by the day (a subscription's tier, a grace period): the time the component
 * mounted, so a render stays pure (the same props give the same output). A page that stays open
 * past a day boundary shows it after the next navigation.
 */
export function useNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}

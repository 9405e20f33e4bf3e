/** A point of a line: its time (any unit, ascending) and its close. */
export interface LinePoint {
  readonly x: number;
  readonly c: number;
}

/**
 * Largest-Triangle-Three-Buckets on the closes: keeps the peaks and troughs of `points` in
 * `budget` points, first and last included. The server thins an index's day with it (the home
 * page's sparklines), so the browser parses and draws a few hundred numbers, not the day's bars.
 */
export function downsample<P extends LinePoint>(points: readonly P[], budget: number): P[] {
  if (points.length <= budget || budget < 3) return [...points];
  const sampled: P[] = [points[0]!];
  const every = (points.length - 2) / (budget - 2);
  let a = 0;
  for (let i = 0; i < budget - 2; i += 1) {
    const start = Math.floor(i * every) + 1;
    const end = Math.min(Math.floor((i + 1) * every) + 1, points.length - 1);
    // The next bucket's average is the triangle's third corner.
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, points.length);
    let avgX = 0;
    let avgY = 0;
    for (let j = end; j < nextEnd; j += 1) {
      avgX += points[j]!.x;
      avgY += points[j]!.c;
    }
    const nextCount = Math.max(1, nextEnd - end);
    avgX /= nextCount;
    avgY /= nextCount;
    const pa = points[a]!;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j += 1) {
      const p = points[j]!;
      const area = Math.abs((pa.x - avgX) * (p.c - pa.c) - (pa.x - p.x) * (avgY - pa.c));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    sampled.push(points[best]!);
    a = best;
  }
  sampled.push(points[points.length - 1]!);
  return sampled;
}

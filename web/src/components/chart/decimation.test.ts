import { describe, expect, it } from 'vitest';
import { BAR_LIMIT } from './aggregate';
import { lineDecimation, MAX_LINE_SAMPLES, MIN_LINE_SAMPLES } from './decimation';

describe('line decimation', () => {
  it('keeps every bar of short ranges', () => {
    expect(lineDecimation(390, 1200)).toMatchObject({ enabled: false, drawn: 390 });
    expect(lineDecimation(BAR_LIMIT, 300)).toMatchObject({ enabled: false, drawn: BAR_LIMIT });
  });

  it('decimates long lines with lttb to about one point per pixel, within bounds', () => {
    expect(lineDecimation(10_000, 800)).toEqual({
      enabled: true,
      algorithm: 'lttb',
      samples: 800,
      threshold: 800,
      drawn: 800,
    });
    expect(lineDecimation(10_000, 3000).samples).toBe(MAX_LINE_SAMPLES);
    expect(lineDecimation(10_000, 0).samples).toBe(MIN_LINE_SAMPLES);
    // Narrow charts still keep BAR_LIMIT points before decimating.
    expect(lineDecimation(450, 300)).toMatchObject({ enabled: false, threshold: BAR_LIMIT });
    expect(lineDecimation(1_260, 1280)).toMatchObject({ enabled: true, drawn: MAX_LINE_SAMPLES });
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparklinePath } from './Sparkline';
import type { ChartPoint } from './chart-points';

const at = (x: number, c: number): ChartPoint => ({ x, o: c, h: c, l: c, c, v: 1 });

describe('Sparkline', () => {
  it('scales closes into the box by time, highest at the top', () => {
    expect(sparklinePath([at(0, 10), at(1, 20), at(2, 15)], 100, 20)).toBe(
      'M0.0 19.0 L50.0 1.0 L100.0 10.0',
    );
    // A gap in time is a gap on the x axis.
    expect(sparklinePath([at(0, 10), at(3, 20), at(4, 15)], 100, 20)).toBe(
      'M0.0 19.0 L75.0 1.0 L100.0 10.0',
    );
    expect(sparklinePath([at(0, 10)], 100, 20)).toBe('');
  });

  it('keeps at most two points per pixel of a long intraday series', () => {
    const day = Array.from({ length: 390 }, (_, i) => at(i, 100 + Math.sin(i / 10)));
    expect(sparklinePath(day, 120, 36).split(' L')).toHaveLength(240);
  });

  it('is an SVG image named for the index, coloured by its trend', () => {
    render(<Sparkline points={[at(0, 1), at(1, 2)]} trend="down" label="NASDAQ today" />);
    const image = screen.getByRole('img', { name: 'NASDAQ today' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveClass('sparkline', 'down');
    expect(image.querySelector('path')).toHaveAttribute('d', 'M0.0 35.0 L120.0 1.0');
  });
});

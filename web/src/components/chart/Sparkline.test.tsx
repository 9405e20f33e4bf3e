import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sparkline, sparklinePath } from './Sparkline';

describe('Sparkline', () => {
  it('scales closes into the box by time, highest at the top', () => {
    expect(sparklinePath([10, 20, 15], [0, 1, 2], 100, 20)).toBe('M0.0 19.0 L50.0 1.0 L100.0 10.0');
    // A gap in time (a lunch break in the session) is a gap on the x axis.
    expect(sparklinePath([10, 20, 15], [0, 3, 4], 100, 20)).toBe('M0.0 19.0 L75.0 1.0 L100.0 10.0');
    expect(sparklinePath([10], [0], 100, 20)).toBe('');
  });

  it('spaces closes equally without their times (a row of daily closes)', () => {
    expect(sparklinePath([10, 20, 15], undefined, 100, 20)).toBe('M0.0 19.0 L50.0 1.0 L100.0 10.0');
  });

  it('draws every point it is given: the server has thinned them', () => {
    const day = Array.from({ length: 150 }, (_, i) => 100 + Math.sin(i / 10));
    expect(sparklinePath(day, undefined, 150, 36).split(' L')).toHaveLength(150);
  });

  it('is an SVG image named for the index, coloured by its trend', () => {
    render(<Sparkline closes={[1, 2]} trend="down" label="NASDAQ today" />);
    const image = screen.getByRole('img', { name: 'NASDAQ today' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveClass('sparkline', 'down');
    expect(image.querySelector('path')).toHaveAttribute('d', 'M0.0 35.0 L120.0 1.0');
  });
});

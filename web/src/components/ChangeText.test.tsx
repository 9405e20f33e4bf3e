import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeText } from './ChangeText';

const shown = (props: Parameters<typeof ChangeText>[0]) =>
  render(<ChangeText {...props} />).container.querySelector('.change-text')!;

describe('ChangeText', () => {
  it('spells out the sign and the direction, the arrow and colour only repeat them', () => {
    const up = shown({ change: 12.345, percent: 0.56 });
    expect(up.textContent).toBe('▲ Up +12.35 (+0.56%)');
    expect(up).toHaveClass('up');
    expect(up.querySelector('[aria-hidden="true"]')).toHaveTextContent('▲');
    const down = shown({ change: -1.5, percent: -0.25 });
    expect(down.textContent).toBe('▼ Down -1.50 (-0.25%)');
    expect(down).toHaveClass('down');
  });

  it('shows 0 and -0.001 as unchanged, neither green nor red', () => {
    for (const change of [0, -0.001, 0.004]) {
      const flat = shown({ change, percent: change / 100 });
      expect(flat.textContent, String(change)).toBe('■ Unchanged 0.00 (0.00%)');
      expect(flat).toHaveClass('flat');
      expect(flat).not.toHaveClass('up');
      expect(flat).not.toHaveClass('down');
    }
    for (const percent of [0, -0.001]) {
      const flat = shown({ percent });
      expect(flat.textContent).toBe('■ Unchanged 0.00%');
      expect(flat).toHaveClass('flat');
    }
  });

  it('shows a percent alone, its direction from the percent', () => {
    expect(shown({ percent: 9.87 }).textContent).toBe('▲ Up +9.87%');
    expect(shown({ percent: -7.25 })).toHaveClass('down');
  });

  it('takes the direction from the change when there is one, and shows a missing one', () => {
    expect(shown({ change: null, percent: 1 }).textContent).toBe('■ Unchanged — (+1.00%)');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl, type SegmentedOption } from './SegmentedControl';

type Size = 'S' | 'M' | 'L' | 'XL';

function Harness({ disabled = [] as Size[], initial = 'M' as Size }) {
  const [value, setValue] = useState<Size>(initial);
  const options: SegmentedOption<Size>[] = (['S', 'M', 'L', 'XL'] as const).map((v) => ({
    value: v,
    label: v,
    disabled: disabled.includes(v),
  }));
  return <SegmentedControl label="Size" options={options} value={value} onChange={setValue} />;
}

describe('SegmentedControl', () => {
  it('is a radio group with one tab stop on the checked option', async () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'M' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'M' })).not.toHaveFocus();
  });

  it('moves and selects with arrows (wrapping, skipping disabled), Home and End', async () => {
    render(<Harness disabled={['L']} />);
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'XL' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'XL' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'XL' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('radio', { name: 'XL' })).toHaveAttribute('aria-checked', 'true');
  });

  it('keeps a tab stop when the checked option is disabled', async () => {
    render(<Harness initial="L" disabled={['L']} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
  });
});

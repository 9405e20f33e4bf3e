import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedControl, tabId, tabPanelId, type SegmentedOption } from './SegmentedControl';

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

  it('as a tab list: tabs naming their panel, left and right move, up and down do not', async () => {
    function Tabs() {
      const [value, setValue] = useState<Size>('S');
      const options = (['S', 'M', 'L'] as const).map((v) => ({ value: v, label: v }));
      return (
        <>
          <SegmentedControl
            role="tablist"
            idPrefix="size"
            label="Size"
            options={options}
            value={value}
            onChange={setValue}
          />
          <div role="tabpanel" id={tabPanelId('size')} aria-labelledby={tabId('size', value)}>
            Size {value}
          </div>
        </>
      );
    }
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Size' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    const small = screen.getByRole('tab', { name: 'S' });
    expect(small).toHaveAttribute('aria-selected', 'true');
    expect(small).toHaveAttribute('aria-controls', 'size-panel');
    expect(screen.getByRole('tabpanel', { name: 'S' })).toHaveTextContent('Size S');
    await userEvent.tab();
    expect(small).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(small).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'L' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'L' })).toHaveTextContent('Size L');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'S' })).toHaveAttribute('aria-selected', 'true');
  });
});

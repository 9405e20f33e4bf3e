import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ThemeSwitch } from './ThemeSwitch';
import { readThemePreference } from '../lib/theme';

describe('§9 theme (default system, light/dark switch)', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('defaults to the system theme and ignores unknown stored values', () => {
    expect(readThemePreference(localStorage)).toBe('system');
    localStorage.setItem('theme', 'purple');
    expect(readThemePreference(localStorage)).toBe('system');
  });

  it('cycles system → light → dark → system, applying and remembering the choice', async () => {
    render(<ThemeSwitch />);
    const button = screen.getByRole('button', { name: /Theme: System/ });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(screen.getByRole('button')).toHaveAccessibleName(/Theme: System/);
  });
});

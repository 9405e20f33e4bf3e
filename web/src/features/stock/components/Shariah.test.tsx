import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHARIAH_METHODOLOGY_NOTES } from '@core/market/shariah';
import { SHARIAH } from '../testing/fixtures';
import { Shariah } from './Shariah';

const tableOf = (name: string) => screen.getByRole('table', { name: new RegExp(`^${name}:`) });
const row = (table: HTMLElement, label: RegExp) =>
  within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell');

describe('Shariah screen', () => {
  it('shows the overall verdict as icon and text, and says it is not a fatwa', () => {
    render(<Shariah screen={SHARIAH} />);
    expect(screen.getByText(/Overall verdict/)).toHaveTextContent(
      'Overall verdict: ? Questionable as of 2025-06-30',
    );
    expect(screen.getByText(/not a fatwa/)).toBeInTheDocument();
  });

  it('shows a reviewer’s override with its reason beside the computed verdict', () => {
    const override = {
      verdict: 'non-compliant',
      reason: 'Undisclosed interest income in note 12',
      reviewedOn: '2026-11-01',
      reviewer: 'reviewer@example.com',
    } as const;
    render(<Shariah screen={{ ...SHARIAH, override }} />);
    expect(screen.getByText(/Overall verdict/)).toHaveTextContent('Questionable');
    expect(screen.getByText(/Reviewer’s verdict/)).toHaveTextContent(
      'Reviewer’s verdict: ✗ Non-compliant reviewed on 2026-11-01',
    );
    expect(screen.getByText('Reason: Undisclosed interest income in note 12')).toBeInTheDocument();
    expect(screen.queryByText(/reviewer@example.com/)).toBeNull();
  });

  it('says when no reviewer has screened the company (inputs from the provider’s figures)', () => {
    const { rerender } = render(<Shariah screen={SHARIAH} />);
    expect(screen.queryByText(/No reviewer has screened/)).toBeNull();
    rerender(<Shariah screen={{ ...SHARIAH, providerInputs: true }} />);
    expect(screen.getByText(/No reviewer has screened this company yet/)).toHaveTextContent(
      'its business activity comes from its industry',
    );
  });

  it('dates the average market cap under S&P and DJIM only', () => {
    render(<Shariah screen={{ ...SHARIAH, marketCapAveragesAsOf: '2026-11-26' }} />);
    const notes = (name: string) =>
      within(screen.getByRole('group', { name: new RegExp(`^${name}`) })).getByText(/Purification/);
    expect(notes('S&P Shariah')).toHaveTextContent('Average market cap as of 2026-11-26');
    expect(notes('Dow Jones Islamic')).toHaveTextContent('Average market cap as of 2026-11-26');
    expect(notes('AAOIFI')).not.toHaveTextContent('Average market cap');
  });

  it('shows no reviewer’s verdict without an override', () => {
    render(<Shariah screen={SHARIAH} />);
    expect(screen.queryByText(/Reviewer’s verdict/)).toBeNull();
  });

  it('has one captioned table per standard, in the core order', () => {
    render(<Shariah screen={SHARIAH} />);
    const captions = screen
      .getAllByRole('table')
      .map((t) => t.querySelector('caption')?.textContent);
    expect(captions).toEqual([
      'AAOIFI: each screen against its threshold',
      'S&P Shariah: each screen against its threshold',
      'MSCI Islamic: each screen against its threshold',
      'FTSE Shariah: each screen against its threshold',
      'Dow Jones Islamic Market: each screen against its threshold',
      'Al Rajhi Shariah Board: each screen against its threshold',
    ]);
    expect(screen.getByRole('heading', { level: 3, name: /^AAOIFI/ })).toHaveTextContent(
      'AAOIFI ✗ Non-compliant',
    );
    for (const th of within(tableOf('AAOIFI')).getAllByRole('columnheader')) {
      expect(th).toHaveAttribute('scope', 'col');
    }
  });

  it('lists each ratio with its value, comparison and threshold in %, and pass or fail in words', () => {
    render(<Shariah screen={SHARIAH} />);
    expect(
      row(tableOf('AAOIFI'), /Interest-bearing debt \/ market cap/).map((c) => c.textContent),
    ).toEqual(['45.67%', '≤ 30.00%', '✗ Fail']);
    expect(
      row(tableOf('S&P Shariah'), /Interest-bearing debt \/ 36-month average market cap/).map(
        (c) => c.textContent,
      ),
    ).toEqual(['10.00%', '< 33.00%', '✓ Pass']);
    expect(
      row(tableOf('MSCI Islamic'), /Receivables and cash \/ total assets/).map(
        (c) => c.textContent,
      ),
      // What the ratio lacks is named, never shown as 0.00%.
    ).toEqual(['—', '≤ 33.33%', '? Not available (no total assets)']);
    expect(
      row(tableOf('FTSE Shariah'), /Non-permissible revenue/).map((c) => c.textContent),
    ).toEqual(['2.00%', '≤ 5.00%', '✓ Pass']);
    expect(row(tableOf('AAOIFI'), /Business activity/).map((c) => c.textContent)).toEqual([
      'Permissible',
      'Permissible core business',
      '✓ Pass',
    ]);
  });

  it('gives purification, the as-of date and the methodology note of each standard', () => {
    render(<Shariah screen={SHARIAH} />);
    const aaoifi = screen.getByRole('group', { name: /^AAOIFI/ });
    expect(within(aaoifi).getByText(/Purification/)).toHaveTextContent(
      'Purification: 4.25% of dividends · As of 2025-06-30',
    );
    expect(within(aaoifi).getByText(SHARIAH_METHODOLOGY_NOTES.aaoifi)).toBeInTheDocument();
    const djim = screen.getByRole('group', { name: /^Dow Jones Islamic Market/ });
    expect(within(djim).getByText(SHARIAH_METHODOLOGY_NOTES.djim)).toBeInTheDocument();
  });
});

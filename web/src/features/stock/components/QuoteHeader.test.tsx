import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUOTE_REFRESH_MS, quoteRefetchInterval } from '../api/use-quote';
import { PROFILE, QUOTE } from '../testing/fixtures';
import { QuoteHeader } from './QuoteHeader';

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('quote header', () => {
  it('shows name, symbol, exchange and currency, with the name as the h1', () => {
    render(<QuoteHeader profile={PROFILE} quote={QUOTE} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Corporation');
    expect(screen.getByText('ACME')).toBeInTheDocument();
    expect(screen.getByText('NASDAQ Global Select')).toBeInTheDocument();
    expect(screen.getByText('Prices in USD')).toBeInTheDocument();
  });

  it('formats price, a fall with its sign and a word (not colour alone), ranges and sizes', () => {
    render(<QuoteHeader profile={PROFILE} quote={QUOTE} />);
    expect(screen.getByTestId('quote-price')).toHaveTextContent('1,234.50');
    const change = screen.getByTestId('quote-change');
    expect(change).toHaveTextContent('▼ Down -12.34 (-0.99%)');
    expect(change.querySelector('.change-text')).toHaveClass('down');
    expect(fact('Day range')).toHaveTextContent('1,220.10 – 1,250.00');
    expect(fact('52-week range')).toHaveTextContent('900.00 – 1,300.25');
    // Share counts in millions with two decimals (§9), as everywhere else.
    expect(fact('Volume')).toHaveTextContent('12.35M');
    expect(fact('Avg. volume')).toHaveTextContent('9.88M');
    // Live price × shares outstanding: 1,234.5 × 1e9.
    expect(fact('Market cap')).toHaveTextContent('1,234.50B');
    expect(document.querySelector('.market-status')).toHaveTextContent('Market Open');
  });

  it('marks a rise with + and ▲, and a closed market', () => {
    render(
      <QuoteHeader
        profile={PROFILE}
        quote={{ ...QUOTE, previousClose: 1_219.45, marketOpen: false }}
      />,
    );
    const change = screen.getByTestId('quote-change');
    // The day's change is the price against the previous close (core), whatever else the quote
    // carries: 1,234.50 − 1,219.45 = +15.05, +1.23%.
    expect(change).toHaveTextContent('▲ Up +15.05 (+1.23%)');
    expect(change.querySelector('.change-text')).toHaveClass('up');
    expect(document.querySelector('.market-status')).toHaveTextContent('Market Closed');
  });

  it('shows a change that rounds to zero as unchanged, in neither colour', () => {
    render(<QuoteHeader profile={PROFILE} quote={{ ...QUOTE, previousClose: 1_234.501 }} />);
    const change = screen.getByTestId('quote-change');
    expect(change).toHaveTextContent('■ Unchanged 0.00 (0.00%)');
    expect(change.querySelector('.change-text')).toHaveClass('flat');
  });

  it('falls back to the profile until the quote arrives', () => {
    render(<QuoteHeader profile={PROFILE} />);
    expect(screen.getByTestId('quote-price')).toHaveTextContent('150.00');
    // changes 3 on a previous close of 147: +2.04%.
    expect(screen.getByTestId('quote-change')).toHaveTextContent('+3.00 (+2.04%)');
    expect(fact('52-week range')).toHaveTextContent('100.00 – 200.00');
    expect(fact('Market cap')).toHaveTextContent('150.00B');
    expect(fact('Day range')).toHaveTextContent('—');
    // Its room is kept (hidden from everyone), so the line does not wrap anew when the quote comes.
    expect(document.querySelector('.quote-meta > .market-status')).toBeNull();
    expect(document.querySelector('.market-status-room')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stands in the same layout before the profile comes, so nothing moves when it does', () => {
    const { container, rerender } = render(<QuoteHeader symbol="ACME" />);
    const shape = () =>
      [...container.querySelectorAll('header > *, .quote-title > *, dt')].map((e) =>
        e.tagName === 'DT' ? e.textContent : `${e.tagName}.${e.className}`,
      );
    const before = shape();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ACME');
    expect(screen.getByTestId('quote-price')).toHaveTextContent('—');
    expect(fact('Market cap')).toHaveTextContent('—');
    rerender(<QuoteHeader symbol="ACME" profile={PROFILE} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Corporation');
    expect(shape()).toEqual(before);
  });
});

describe('quote refresh', () => {
  it('polls every 15 s while the market is open, never while it is closed', () => {
    expect(QUOTE_REFRESH_MS).toBe(15_000);
    expect(quoteRefetchInterval(QUOTE)).toBe(15_000);
    expect(quoteRefetchInterval({ ...QUOTE, marketOpen: false })).toBe(false);
    expect(quoteRefetchInterval(undefined)).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { METRICS, RATIOS } from '../testing/fixtures';
import { KeyStatistics } from './KeyStatistics';

const grossMargin = () => screen.getByText('Gross margin').nextElementSibling;

describe('key statistics', () => {
  it('shows a bank\'s gross margin as "—" with the reason, never a figure', () => {
    // Even a figure that slipped through (FMP's 100% for a bank) is not shown.
    render(
      <KeyStatistics
        ratios={{ ...RATIOS, grossProfitMarginTTM: 1 }}
        metrics={METRICS}
        companyType="bank"
      />,
    );
    expect(grossMargin()).toHaveTextContent('— Not meaningful for banks');
  });

  it("shows a general company's gross margin", () => {
    render(<KeyStatistics ratios={RATIOS} metrics={METRICS} companyType="general" />);
    expect(grossMargin()).toHaveTextContent('43.21%');
  });
});

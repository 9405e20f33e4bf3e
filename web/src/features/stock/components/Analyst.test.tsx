import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANALYST } from '../testing/fixtures';
import { Analyst } from './Analyst';

describe('analyst section', () => {
  it('says as of when the consensus and targets were taken, and the price then', () => {
    render(<Analyst analyst={{ ...ANALYST, asOf: '2025-12-31', priceAsOf: 150.5 }} price={160} />);
    expect(screen.getByText(/^As of/)).toHaveTextContent(
      `As of 2025-12-31, when the price was 150.50 ${ANALYST.priceTarget.currency}`,
    );
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { limitReachedText, premiumOnlyText } from '@core/subscription';
import { renderWithProviders } from '../testing/test-utils';
import { SEE_PLANS_TEXT, UpgradePrompt } from './UpgradePrompt';

describe('UpgradePrompt', () => {
  it('says a feature is Premium’s and links to the plans on the profile', () => {
    renderWithProviders(<UpgradePrompt reason={{ kind: 'premium-only', feature: 'Exports' }} />);
    expect(screen.getByRole('note')).toHaveTextContent(premiumOnlyText('Exports'));
    expect(screen.getByRole('link', { name: SEE_PLANS_TEXT })).toHaveAttribute('href', '/profile');
  });

  it('says which limit a Free user reached, with the link', () => {
    renderWithProviders(
      <UpgradePrompt reason={{ kind: 'limit', what: 'watchlists', limit: 1, tier: 'free' }} />,
    );
    expect(screen.getByRole('note')).toHaveTextContent(limitReachedText('watchlists', 1, 'free'));
    expect(screen.getByRole('link', { name: SEE_PLANS_TEXT })).toBeInTheDocument();
  });

  it('offers no upgrade to a Premium user at Premium’s limit', () => {
    renderWithProviders(
      <UpgradePrompt reason={{ kind: 'limit', what: 'alerts', limit: 100, tier: 'premium' }} />,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Your plan’s limit of alerts is 100.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './AboutPage';
import { ContactPage } from './ContactPage';
import { DisclaimerPage } from './DisclaimerPage';
import { PrivacyPage } from './PrivacyPage';
import { SUPPORT_EMAIL } from '../../../lib/brand';

const show = (page: React.ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('§2 static pages', () => {
  it('About: mission statement, the Real-Time Data and Advanced Analytics cards, informational-only notice', () => {
    show(<AboutPage />);
    expect(screen.getByText(/Our mission is/)).toBeInTheDocument();
    expect(headings()).toEqual(['Real-Time Data', 'Advanced Analytics']);
    expect(screen.getByRole('note')).toHaveTextContent('informational purposes only');
  });

  it('Contact: support e-mail, business inquiries, technical support, 24-48 hours on business days', () => {
    show(<ContactPage />);
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(headings()).toEqual(['Business inquiries', 'Technical support']);
    expect(screen.getByText('We reply within 24-48 hours on business days.')).toBeInTheDocument();
  });

  it('Privacy: its seven sections and last updated January 2025', () => {
    show(<PrivacyPage />);
    expect(headings()).toEqual([
      'Data we collect',
      'How we use it',
      'Third parties',
      'Security',
      'Your rights',
      'Cookies',
      'Data retention',
    ]);
    expect(screen.getByText('Last updated January 2025')).toBeInTheDocument();
  });

  it('Disclaimer: risk warning, data accuracy, no warranties, limitation of liability', () => {
    show(<DisclaimerPage />);
    expect(headings()).toEqual([
      'Investment risk warning',
      'Data accuracy',
      'No warranties',
      'Limitation of liability',
    ]);
  });
});

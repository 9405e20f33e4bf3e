import type { ReactNode } from 'react';
import { formatShares, MISSING_VALUE } from '@core/format';
import type { CompanyProfile as Profile } from '@core/market/types';
import { DescriptionText } from '../../../components/DescriptionText';

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'US' → 'United States (US)'; an unknown code is shown as it is. */
function countryName(code: string): string {
  if (!code) return MISSING_VALUE;
  try {
    const name = REGIONS.of(code.toUpperCase());
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Only http(s) links: a javascript: or data: URL from bad data must never become a link. */
function safeWebsite(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const orMissing = (text: string | null | undefined) => (text ? text : MISSING_VALUE);

export function CompanyProfile({ profile }: { profile: Profile }) {
  const website = safeWebsite(profile.website);
  const facts: readonly [string, ReactNode][] = [
    ['Sector', orMissing(profile.sector)],
    ['Industry', orMissing(profile.industry)],
    ['Country', countryName(profile.country)],
    ['CEO', orMissing(profile.ceo)],
    ['Employees', formatShares(profile.fullTimeEmployees)],
    ['IPO date', orMissing(profile.ipoDate)],
    [
      'Website',
      website ? (
        <a href={website.href} target="_blank" rel="noopener noreferrer">
          {website.host}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        MISSING_VALUE
      ),
    ],
    ['ISIN', orMissing(profile.isin)],
    ['Address', orMissing([profile.address, profile.city].filter(Boolean).join(', '))],
  ];
  return (
    <div className="company-profile">
      <DescriptionText text={profile.description} />
      <dl className="profile-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

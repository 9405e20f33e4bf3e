import type { CompanyProfile as Profile } from '../../../../../core/market/types';

export function CompanyProfile({ profile }: { profile: Profile }) {
  const facts: [string, React.ReactNode][] = [
    ['Sector', profile.sector],
    ['Industry', profile.industry],
    ['Country', profile.country],
    ['CEO', profile.ceo],
    ['Employees', profile.fullTimeEmployees.toLocaleString('en-US')],
    ['IPO date', profile.ipoDate],
    ['ISIN', profile.isin],
    ['Address', [profile.address, profile.city].filter(Boolean).join(', ')],
    [
      'Website',
      <a href={profile.website} rel="noopener noreferrer" target="_blank" key="web">
        {profile.website.replace(/^https?:\/\//, '')}
      </a>,
    ],
  ];
  return (
    <div className="company-profile">
      <p className="description">{profile.description}</p>
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

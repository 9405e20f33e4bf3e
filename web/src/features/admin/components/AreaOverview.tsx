import { Link } from 'react-router';
import type { UserCounts } from '@core/api/admin-queries';
import { AREA_COUNT_NOUNS, OVERVIEW_WINDOW_DAYS, type AreaOverview } from '@core/curation/overview';
import { formatCount } from '@core/format';
import { describeChange } from '../../../lib/last-change';
import type { SETTINGS_SECTIONS } from '../lib/settings-sections';

type Section = (typeof SETTINGS_SECTIONS)[number];

const counted = (n: number, [one, many]: readonly [string, string]) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** What a settings area's card says beside its summary: its figures and its last change. */
function AreaFigures({
  section,
  area,
  users,
}: {
  section: Section;
  area: AreaOverview | undefined;
  users: UserCounts | undefined;
}) {
  if (section.resource === 'USERS') {
    return users ? <span>{counted(users.users, ['account', 'accounts'])}</span> : null;
  }
  if (section.resource === 'EDITORS') {
    return users ? <span>{counted(users.editors, ['editor', 'editors'])}</span> : null;
  }
  if (!area) return null;
  return (
    <>
      <span>{counted(area.count, AREA_COUNT_NOUNS[area.area])}</span>
      <span className="muted">
        {counted(area.recentChanges, ['change', 'changes'])} in the last {OVERVIEW_WINDOW_DAYS} days
      </span>
      <span className="muted">
        {area.lastChange
          ? `Last changed ${describeChange({ by: area.lastChange.updatedBy, at: area.lastChange.updatedAt })}`
          : 'No change recorded yet'}
      </span>
    </>
  );
}

/**
 * The settings areas the session may open, as cards with their figures: counts, changes of the
 * last days and the last change for the data areas; accounts and editors for an admin.
 */
export function AreaCards({
  sections,
  areas,
  users,
}: {
  sections: readonly Section[];
  areas: readonly AreaOverview[] | undefined;
  users: UserCounts | undefined;
}) {
  return (
    <ul className="card-grid area-cards">
      {sections.map((section) => (
        <li key={section.path}>
          <Link to={section.path} className="card admin-card">
            <strong>{section.title}</strong>
            <span className="muted">{section.summary}</span>
            <AreaFigures
              section={section}
              area={areas?.find((a) => a.area === section.resource)}
              users={users}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { formatPercent, formatPrice, MISSING_VALUE } from '@core/format';
import { upsideOf } from '@core/market/analyst-direction';
import type { AnalystData } from '@core/market/types';
import '../../../components/data-table/data-table.css';

type Grade = AnalystData['grades'][number];

const ACTIONS: Readonly<Record<Grade['action'], string>> = {
  upgrade: 'Upgrade',
  downgrade: 'Downgrade',
  maintain: 'Maintained',
  initiate: 'Initiated',
};

/** 'Hold → Buy'; a first rating (or an unchanged one) is just the rating. */
const change = (grade: Grade) =>
  grade.previousGrade && grade.previousGrade !== grade.newGrade
    ? `${grade.previousGrade} → ${grade.newGrade}`
    : grade.newGrade;

/**
 * The grade's target, with its upside over the price on the grade's day ('190.00 (+11.76%)'): the
 * price since then may have moved, so today's price would misread the firm's call.
 */
const target = (grade: Grade) => {
  if (grade.priceTarget === undefined) return MISSING_VALUE;
  const upside =
    grade.priceWhenPosted === undefined ? null : upsideOf(grade.priceTarget, grade.priceWhenPosted);
  const then = upside === null ? '' : ` (${formatPercent(upside, { ratio: true, signed: true })})`;
  return `${formatPrice(grade.priceTarget)}${then}`;
};

export function GradeHistory({ grades }: { grades: AnalystData['grades'] }) {
  return (
    <div className="grades">
      <h3>Rating history</h3>
      {grades.length === 0 ? (
        <p className="muted">No rating changes recorded.</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Rating history">
          <table className="data-table">
            <caption className="visually-hidden">Analyst rating changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Firm</th>
                <th scope="col">Action</th>
                <th scope="col">Rating (from → to)</th>
                <th scope="col">Price target (upside then)</th>
              </tr>
            </thead>
            <tbody>
              {grades.map((grade, i) => (
                <tr key={`${grade.date}-${grade.gradingCompany}-${i}`}>
                  <td>{grade.date}</td>
                  <th scope="row">{grade.gradingCompany}</th>
                  <td>{ACTIONS[grade.action] ?? grade.action}</td>
                  <td>{change(grade)}</td>
                  <td>{target(grade)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

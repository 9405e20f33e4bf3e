import type { FieldChange } from '../lib/changed-fields';
import { ScrollingTable } from '../../../components/ScrollingTable';

/** A version's changes as a table: each changed field (or row) with its value before and after. */
export function FieldChanges({
  caption,
  changes,
}: {
  readonly caption: string;
  readonly changes: readonly FieldChange[];
}) {
  if (changes.length === 0) return <p className="muted">{caption}: no field changed.</p>;
  return (
    <ScrollingTable label={caption} className="data-table compact">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, i) => (
          <tr key={`${change.label}-${i}`}>
            <th scope="row">{change.label}</th>
            <td>{change.before}</td>
            <td>{change.after}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

import type { ReactNode } from 'react';

export interface CompareRow {
  readonly key: string;
  readonly label: string;
  /** One per compared stock, in the columns' order. */
  readonly cells: readonly ReactNode[];
  /** Positions of the cells holding the row's best value. */
  readonly best?: ReadonlySet<number>;
}

/** The mark of a best value: a visible star and, for screen readers, the word. */
export const BEST_TEXT = '(best)';

/**
 * One measure per row, one stock per column, with header cells both ways. The best value of a row
 * is bold with a star and "(best)" for assistive technology, never colour alone.
 */
export function CompareTable({
  caption,
  corner,
  symbols,
  rows,
  note,
}: {
  readonly caption: string;
  readonly corner: string;
  readonly symbols: readonly string[];
  readonly rows: readonly CompareRow[];
  /** How to read the table (what "best" or "—" means), under it. */
  readonly note?: string;
}) {
  return (
    <>
      <div className="analysis-table-scroll">
        <table className="analysis-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{corner}</th>
              {symbols.map((symbol) => (
                <th key={symbol} scope="col">
                  {symbol}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, at) =>
                  row.best?.has(at) ? (
                    <td key={symbols[at]} className="best">
                      <strong>{cell}</strong>{' '}
                      <span className="best-mark" aria-hidden="true">
                        ★
                      </span>
                      <span className="visually-hidden"> {BEST_TEXT}</span>
                    </td>
                  ) : (
                    <td key={symbols[at]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note && <p className="muted analysis-note">{note}</p>}
    </>
  );
}

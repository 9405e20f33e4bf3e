import { SEARCH_ROW_HEIGHT_PX } from '@core/constants';
import type { SearchOption } from '@core/search';

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The results listbox: the best matches, at most 10 rows of 48 px (SPEC §2), each showing
 * symbol, name and exchange. Always in the DOM (the combobox's aria-controls names it), hidden
 * while there is nothing to list.
 */
export function SearchOptions({
  id,
  options,
  active,
  onHover,
  onPick,
}: {
  id: string;
  /** Empty while the list is closed. */
  options: readonly SearchOption[];
  /** Index of the highlighted row, -1 for none. */
  active: number;
  onHover: (index: number) => void;
  onPick: (option: SearchOption) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Matching stocks"
      className="search-list"
      hidden={options.length === 0}
    >
      {options.map((option, index) => (
        <li
          key={option.value}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'search-option active' : 'search-option'}
          style={{ height: SEARCH_ROW_HEIGHT_PX }}
          // Keep the focus in the box, so its blur does not close the list mid-click.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
          onMouseMove={() => index !== active && onHover(index)}
        >
          <span className="search-symbol">{option.value}</span>
          <span className="search-label">{option.label}</span>
          <span className="search-exchange">{option.first}</span>
        </li>
      ))}
    </ul>
  );
}

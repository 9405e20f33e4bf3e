import type { Ref, UIEvent } from 'react';
import { SEARCH_MAX_VISIBLE_ROWS, SEARCH_ROW_HEIGHT_PX } from '../../../../core/constants';
import type { RankedMatches } from '../../../../core/search';
import { rowWindow } from './row-window';

/** Rows rendered beyond the 10 in view on either side, so a quick scroll shows no blank rows. */
const OVERSCAN = 4;

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

interface SearchOptionsProps {
  readonly id: string;
  readonly listRef: Ref<HTMLDivElement>;
  readonly matches: RankedMatches | undefined;
  readonly shown: boolean;
  readonly scrollTop: number;
  /** Index of the highlighted match, -1 for none. */
  readonly active: number;
  readonly onScroll: (scrollTop: number) => void;
  readonly onHover: (index: number) => void;
  readonly onPick: (index: number) => void;
}

/**
 * The results listbox: at most 10 rows of 48 px in view (SPEC §2), scrolling through every match.
 * Only the rows in view (and a few around them) are in the DOM, so 40,000 matches cost what 18
 * do; each row says where it stands in the whole list (aria-posinset / aria-setsize).
 */
export function SearchOptions(props: SearchOptionsProps) {
  const { id, listRef, matches, shown, scrollTop, active } = props;
  const total = shown && matches ? matches.total : 0;
  const { first, last } = rowWindow(
    scrollTop,
    total,
    SEARCH_ROW_HEIGHT_PX,
    SEARCH_MAX_VISIBLE_ROWS,
    OVERSCAN,
  );
  const indexes = Array.from({ length: last - first }, (_, k) => first + k);
  // aria-activedescendant must name a row in the DOM, also after a scroll away from it.
  if (active >= 0 && active < total && (active < first || active >= last)) indexes.push(active);
  const rows = matches && total > 0 ? matches.slice(first, last) : [];

  return (
    <div
      id={id}
      ref={listRef}
      role="listbox"
      aria-label="Matching stocks"
      className="search-list"
      hidden={!shown || total === 0}
      style={{ height: Math.min(total, SEARCH_MAX_VISIBLE_ROWS) * SEARCH_ROW_HEIGHT_PX }}
      onScroll={(event: UIEvent<HTMLDivElement>) => props.onScroll(event.currentTarget.scrollTop)}
    >
      <div
        role="presentation"
        className="search-rows"
        style={{ height: total * SEARCH_ROW_HEIGHT_PX }}
      >
        {indexes.map((index) => {
          const option =
            index >= first && index < last
              ? rows[index - first]
              : matches?.slice(index, index + 1)[0];
          if (!option) return null;
          return (
            <div
              key={option.value}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active}
              aria-posinset={index + 1}
              aria-setsize={total}
              className={index === active ? 'search-option active' : 'search-option'}
              style={{ top: index * SEARCH_ROW_HEIGHT_PX, height: SEARCH_ROW_HEIGHT_PX }}
              // Keep the focus in the box, so its blur does not close the list mid-click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onPick(index)}
              onMouseMove={() => index !== active && props.onHover(index)}
            >
              <span className="search-symbol">{option.value}</span>
              <span className="search-label">{option.label}</span>
              <span className="search-exchange">{option.first}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

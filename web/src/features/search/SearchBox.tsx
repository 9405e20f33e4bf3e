import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import {
  SEARCH_BLUR_CLOSE_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_VISIBLE_ROWS,
  SEARCH_ROW_HEIGHT_PX,
} from '../../../../core/constants';
import {
  createSearchIndex,
  NO_MATCHES_HINT_TEXT,
  SEARCH_PLACEHOLDER,
  stockPath,
  type RankedMatches,
  type SearchOption,
} from '../../../../core/search';
import { measureToNextPaint, SEARCH_PAINT_MEASURE } from '../../lib/perf-marks';
import { scrollTopToReveal } from './row-window';
import { optionId, SearchOptions } from './SearchOptions';
import { searchStatus } from './search-status';
import { useStockList } from './stock-list-query';
import { useDebounced } from './useDebounced';
import './search.css';

const isBlank = (text: string) => text.trim() === '';

/** Highlight and scroll offset belong to one result list: a new list starts at the top, unlit. */
interface ListView {
  readonly matches: RankedMatches | undefined;
  readonly active: number;
  readonly scrollTop: number;
}

/**
 * The header's stock search (SPEC §2): a WAI-ARIA 1.2 combobox over the whole stock list,
 * searched in the browser by core's index. Texts, row count and height, debounce and blur delay
 * are the spec's.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const list = useStockList(wanted);
  // One index per downloaded list: 70,000 entries are indexed once, not per render or keystroke.
  const index = useMemo(() => (list.data ? createSearchIndex(list.data) : undefined), [list.data]);

  // When the debounced term settles: the search and the dropdown's paint are timed from here.
  const searchStarted = useRef(0);
  const debounced = useDebounced(
    term,
    SEARCH_DEBOUNCE_MS,
    () => {
      searchStarted.current = performance.now();
    },
    // Clearing the box is no search: the stock count comes back without the wait.
    isBlank,
  );
  const searching = debounced.trim() !== '';
  const matches = useMemo(() => index?.match(debounced), [index, debounced]);
  const total = matches?.total ?? 0;
  const shown = open && searching && total > 0;

  const [view, setView] = useState<ListView>({ matches: undefined, active: -1, scrollTop: 0 });
  const { active, scrollTop } = view.matches === matches ? view : { active: -1, scrollTop: 0 };
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = `${useId()}-results`;

  useLayoutEffect(() => {
    // New results start at their top (the listbox element stays, so its offset would not).
    if (listRef.current) listRef.current.scrollTop = 0;
    if (searching) measureToNextPaint(SEARCH_PAINT_MEASURE, searchStarted.current);
  }, [matches, searching]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const pick = (option: SearchOption | undefined) => {
    if (!option) return;
    setTerm('');
    setOpen(false);
    inputRef.current?.blur();
    void navigate(stockPath(option.value));
  };

  /** Highlights a match (wrapping around) and scrolls it into view. */
  const highlight = (to: number) => {
    if (!shown) return;
    const row = (to + total) % total;
    const top = scrollTopToReveal(row, scrollTop, SEARCH_ROW_HEIGHT_PX, SEARCH_MAX_VISIBLE_ROWS);
    if (listRef.current) listRef.current.scrollTop = top;
    setView({ matches, active: row, scrollTop: top });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        highlight(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        highlight(active < 0 ? total - 1 : active - 1);
        break;
      case 'Enter': {
        // The highlighted row, else the stock whose symbol, name or exchange equals the text.
        const chosen =
          shown && active >= 0 ? matches?.slice(active, active + 1)[0] : index?.pick(term);
        if (chosen) {
          event.preventDefault();
          pick(chosen);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        inputRef.current?.blur();
        break;
    }
  };

  const status = searchStatus({
    list: index ? 'ready' : list.isError ? 'failed' : 'loading',
    size: index?.size ?? 0,
    term: debounced,
    total,
  });
  const noMatches = open && index !== undefined && searching && total === 0;

  return (
    <div className="search">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search stocks"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(listId, active) : undefined}
        placeholder={SEARCH_PLACEHOLDER}
        value={term}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setWanted(true);
          setOpen(true);
        }}
        // A pointer on its way to the box: start loading the list a moment earlier.
        onPointerEnter={() => setWanted(true)}
        onBlur={() => {
          // Later than the click on an option, which then still lands (SPEC §9: ~150 ms).
          closeTimer.current = setTimeout(() => setOpen(false), SEARCH_BLUR_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      {/* Always in the DOM, so its live region is there before the texts change. */}
      <div className="search-dropdown" hidden={!open}>
        <p
          className={status.visible ? 'search-status' : 'visually-hidden'}
          role="status"
          aria-live="polite"
        >
          {open ? status.text : ''}
        </p>
        {noMatches && <p className="search-hint">{NO_MATCHES_HINT_TEXT}</p>}
        {open && !index && list.isError && (
          <button
            type="button"
            className="link-button"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void list.refetch()}
          >
            Retry
          </button>
        )}
        <SearchOptions
          id={listId}
          listRef={listRef}
          matches={matches}
          shown={shown}
          scrollTop={scrollTop}
          active={active}
          onScroll={(top) => setView({ matches, active, scrollTop: top })}
          onHover={(row) => setView({ matches, active: row, scrollTop })}
          onPick={(row) => pick(matches?.slice(row, row + 1)[0])}
        />
      </div>
    </div>
  );
}

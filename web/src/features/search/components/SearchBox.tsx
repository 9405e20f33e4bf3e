import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  SEARCH_BLUR_CLOSE_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_VISIBLE_ROWS,
} from '@core/constants';
import {
  createSearchIndex,
  isBlankTerm,
  isinTerm,
  SEARCH_PLACEHOLDER,
  searchStatus,
  stockPath,
  toSearchOption,
  type SearchIndex,
  type SearchOption,
  type SearchResult,
} from '@core/search';
import type { StockListEntry } from '@core/stock-list';
import { measureToNextPaint, SEARCH_PAINT_MEASURE } from '../../../lib/perf-marks';
import { optionId, SearchOptions } from './SearchOptions';
import { stockListQuery, useIsinLookup, useStockList } from '../api/stock-list-query';
import { useDebounced } from '../../../hooks/use-debounced';
import './search.css';

const NO_OPTIONS: readonly SearchOption[] = [];

/** One index per copy of the list, whether the render or an early Enter asks first. */
const searchIndexes = new WeakMap<readonly StockListEntry[], SearchIndex>();
function searchIndexOf(stocks: readonly StockListEntry[]): SearchIndex {
  let index = searchIndexes.get(stocks);
  if (!index) {
    index = createSearchIndex(stocks);
    searchIndexes.set(stocks, index);
  }
  return index;
}

/**
 * The header's stock search (SPEC §2): a WAI-ARIA 1.2 combobox over the whole stock list,
 * searched in the browser by core's index. Texts, row count and height, debounce and blur delay
 * are the spec's; which text the dropdown shows is core's searchStatus. Elsewhere (the curation
 * console's company picker) the same box picks a stock for the screen instead of opening its page.
 */
export function SearchBox({
  label = 'Search stocks',
  onPick,
}: {
  /** The box's accessible name. */
  readonly label?: string;
  /** What choosing a stock does; by default its page opens. */
  readonly onPick?: (option: SearchOption) => void;
} = {}) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const list = useStockList(wanted);
  // One index per downloaded list: 70,000 entries are indexed once, not per render or keystroke.
  const index = useMemo(() => (list.data ? searchIndexOf(list.data) : undefined), [list.data]);
  const queryClient = useQueryClient();

  // When the debounced term settles: the search and the dropdown's paint are timed from here.
  const searchStarted = useRef(0);
  const debounced = useDebounced(
    term,
    SEARCH_DEBOUNCE_MS,
    () => {
      searchStarted.current = performance.now();
    },
    // Clearing the box is no search: the stock count comes back without the wait.
    isBlankTerm,
  );
  // The best 10 (SPEC §2: at most 10 rows) and how many match in all.
  const listed = useMemo(
    () => index?.search(debounced, SEARCH_MAX_VISIBLE_ROWS),
    [index, debounced],
  );
  // An ISIN (imports and the console take them) names its stock, found on the server.
  const isin = useIsinLookup(isinTerm(debounced));
  const isinHit = (typed: string): SearchOption | undefined =>
    isin.data && isinTerm(typed) !== undefined && isinTerm(typed) === isinTerm(debounced)
      ? toSearchOption(isin.data)
      : undefined;
  const result = useMemo<SearchResult | undefined>(
    () =>
      listed?.total === 0 && isin.data
        ? { options: [toSearchOption(isin.data)], total: 1 }
        : listed,
    [listed, isin.data],
  );
  const status = searchStatus({
    list: index ? 'ready' : list.isError ? 'failed' : 'loading',
    size: index?.size ?? 0,
    term: debounced,
    total: result?.total ?? 0,
  });
  const options = open && status.state === 'results' && result ? result.options : NO_OPTIONS;
  const shown = options.length > 0;

  // The highlight belongs to one result list: a new list starts without one.
  const [highlight, setHighlight] = useState<{ list: unknown; index: number }>({
    list: undefined,
    index: -1,
  });
  const active = highlight.list === options ? highlight.index : -1;
  const setActive = (to: number) => setHighlight({ list: options, index: to });

  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = `${useId()}-results`;

  useLayoutEffect(() => {
    if (!isBlankTerm(debounced)) measureToNextPaint(SEARCH_PAINT_MEASURE, searchStarted.current);
  }, [result, debounced]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const pick = (option: SearchOption | undefined) => {
    if (!option) return;
    setTerm('');
    setOpen(false);
    inputRef.current?.blur();
    if (onPick) onPick(option);
    else void navigate(stockPath(option.value));
  };

  /**
   * Enter pressed before the list arrived (a symbol typed at once on a fresh page): the text it
   * was pressed on is picked when the list comes, unless the text changed meanwhile.
   */
  const pickWhenListed = (typed: string) => {
    void queryClient
      .ensureQueryData(stockListQuery)
      .then((stocks) => {
        if (inputRef.current?.value === typed) pick(searchIndexOf(stocks).pick(typed));
      })
      .catch(() => {}); // the box says the list failed
  };

  /** Moves the highlight, wrapping around at either end. */
  const move = (to: number) => {
    if (shown) setActive((to + options.length) % options.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        move(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(active < 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter': {
        // The highlighted row, else the stock whose symbol, name, exchange or ISIN is the text.
        const chosen = active >= 0 ? options[active] : (index?.pick(term) ?? isinHit(term));
        if (chosen) {
          event.preventDefault();
          pick(chosen);
        } else if (!index && !list.isError && !isBlankTerm(term)) {
          event.preventDefault();
          pickWhenListed(term);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        inputRef.current?.blur();
        break;
    }
  };

  return (
    <div className="search">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
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
        {open && status.hint && <p className="search-hint">{status.hint}</p>}
        {open && status.state === 'failed' && (
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
          options={options}
          active={active}
          onHover={setActive}
          onPick={pick}
        />
      </div>
    </div>
  );
}

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
  LOADING_STOCKS_TEXT,
  NO_MATCHES_HINT_TEXT,
  SEARCH_PLACEHOLDER,
  noMatchesText,
  pickOnEnter,
  resultsSummaryText,
  stockPath,
  stocksAvailableText,
  type SearchOption,
} from '../../../../core/search';
import { measureToNextPaint, SEARCH_PAINT_MEASURE } from '../../lib/perf-marks';
import { useStockIndex } from './stock-list-query';
import { useDebounced } from './useDebounced';
import './search.css';

/**
 * The header's stock search (SPEC §2): a combobox over the whole stock list, searched in the
 * browser by core's index. Texts, row count and height, debounce and blur delay are the spec's.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const stocks = useStockIndex(wanted);
  // The highlight belongs to one result list: a new list starts without one.
  const [highlight, setHighlight] = useState<{ list: unknown; index: number }>({
    list: undefined,
    index: -1,
  });
  // When the debounced term settles: the search and the dropdown's paint are timed from here.
  const searchStarted = useRef(0);
  const debounced = useDebounced(term, SEARCH_DEBOUNCE_MS, () => {
    searchStarted.current = performance.now();
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const listId = `${id}-list`;

  const result = useMemo(
    // The best 10 (SPEC §2: at most 10 rows); the summary says how many more there are.
    () => stocks.data?.search(debounced, SEARCH_MAX_VISIBLE_ROWS) ?? { options: [], total: 0 },
    [stocks.data, debounced],
  );
  useLayoutEffect(() => {
    if (debounced.trim() !== '') measureToNextPaint(SEARCH_PAINT_MEASURE, searchStarted.current);
  }, [result, debounced]);
  const options = result.options;
  const active = highlight.list === options ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ list: options, index });
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const pick = (option: SearchOption) => {
    setTerm('');
    setOpen(false);
    inputRef.current?.blur();
    void navigate(stockPath(option.value));
  };

  const move = (to: number) => {
    if (options.length === 0) return;
    setActive((to + options.length) % options.length);
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
        const chosen = active >= 0 ? options[active] : pickOnEnter(term, options);
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

  const searching = debounced.trim() !== '';
  const status = stocks.isPending
    ? LOADING_STOCKS_TEXT
    : stocks.isError
      ? 'The stock list could not be loaded.'
      : !searching
        ? stocksAvailableText(stocks.data.size)
        : result.total === 0
          ? noMatchesText(debounced.trim())
          : (resultsSummaryText(options.length, result.total) ??
            `${result.total} ${result.total === 1 ? 'result' : 'results'}`);
  const showList = open && searching && options.length > 0;

  return (
    <div className="search">
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search stocks"
        aria-expanded={open}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
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
      {open && (
        <div className="search-dropdown">
          {!showList || resultsSummaryText(options.length, result.total) ? (
            <p className="search-status" role="status" aria-live="polite">
              {status}
            </p>
          ) : (
            <p className="visually-hidden" role="status" aria-live="polite">
              {status}
            </p>
          )}
          {open && searching && result.total === 0 && !stocks.isPending && !stocks.isError && (
            <p className="search-hint">{NO_MATCHES_HINT_TEXT}</p>
          )}
          {stocks.isError && (
            <button type="button" className="link-button" onClick={() => void stocks.refetch()}>
              Retry
            </button>
          )}
          {showList && (
            <ul id={listId} role="listbox" aria-label="Matching stocks" className="search-list">
              {options.map((option, index) => (
                <li
                  key={option.value}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'search-option active' : 'search-option'}
                  style={{ height: SEARCH_ROW_HEIGHT_PX }}
                  // Keep the focus in the box, so blur does not close the list mid-click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(option)}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className="search-symbol">{option.value}</span>
                  <span className="search-label">{option.label}</span>
                  <span className="search-exchange">{option.first}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

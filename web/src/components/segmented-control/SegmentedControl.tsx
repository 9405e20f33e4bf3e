import { useRef, type KeyboardEvent } from 'react';
import './segmented-control.css';

export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
}

interface CommonProps<T extends string> {
  /** Accessible name of the group, e.g. 'Timeframe'. */
  readonly label: string;
  readonly options: readonly SegmentedOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}

/**
 * 'radiogroup' (the default): a choice that changes what is shown in place (timeframe, unit).
 * 'tablist': tabs over one panel, which the caller renders with role="tabpanel",
 * id={tabPanelId(idPrefix)} and aria-labelledby={tabId(idPrefix, value)}.
 */
export type SegmentedControlProps<T extends string> = CommonProps<T> &
  ({ readonly role?: 'radiogroup' } | { readonly role: 'tablist'; readonly idPrefix: string });

export const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
export const tabPanelId = (prefix: string) => `${prefix}-panel`;

// Radio groups move with all four arrows (WAI-ARIA APG radio group); horizontal tabs with left
// and right only (APG tabs), leaving up and down to scroll the page.
const RADIO_STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};
const TAB_STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * A row of buttons choosing one of a few options, as a radio group or a tab list: one tab stop on
 * the chosen option, arrow keys move and choose (wrapping, skipping disabled ones), Home and End.
 */
export function SegmentedControl<T extends string>(props: SegmentedControlProps<T>) {
  const { label, options, value, onChange } = props;
  const tabs = props.role === 'tablist' ? props.idPrefix : undefined;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = options.flatMap((o, i) => (o.disabled ? [] : [i]));
  const chosen = options.findIndex((o) => o.value === value && !o.disabled);
  // A disabled chosen option must not take the group's only tab stop away.
  const tabStop = chosen >= 0 ? chosen : (enabled[0] ?? -1);
  const steps = tabs === undefined ? RADIO_STEPS : TAB_STEPS;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (enabled.length === 0) return;
    const step = steps[event.key];
    let target: number | undefined;
    if (step !== undefined) {
      const at = enabled.indexOf(index);
      target = enabled[(at + step + enabled.length) % enabled.length];
    } else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled.at(-1);
    if (target === undefined) return;
    event.preventDefault();
    onChange(options[target]!.value);
    buttons.current[target]?.focus();
  }

  return (
    <div
      role={tabs === undefined ? 'radiogroup' : 'tablist'}
      aria-label={label}
      className="segmented"
    >
      {options.map((option, i) => {
        const isChosen = option.value === value;
        return (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            {...(tabs === undefined
              ? { role: 'radio', 'aria-checked': isChosen }
              : {
                  role: 'tab',
                  id: tabId(tabs, option.value),
                  'aria-selected': isChosen,
                  'aria-controls': tabPanelId(tabs),
                })}
            tabIndex={i === tabStop ? 0 : -1}
            disabled={option.disabled}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

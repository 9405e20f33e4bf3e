import { useRef, type KeyboardEvent } from 'react';

export interface SegmentedOption<T extends string> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group, e.g. 'Timeframe'. */
  readonly label: string;
  readonly options: readonly SegmentedOption<T>[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}

const STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

/**
 * A row of buttons that behaves as a radio group (WAI-ARIA APG): one tab stop on the checked
 * option, arrow keys move and select (wrapping, skipping disabled ones), Home and End.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = options.flatMap((o, i) => (o.disabled ? [] : [i]));
  const checked = options.findIndex((o) => o.value === value && !o.disabled);
  // A disabled checked option must not take the group's only tab stop away.
  const tabStop = checked >= 0 ? checked : (enabled[0] ?? -1);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (enabled.length === 0) return;
    const step = STEPS[event.key];
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
    <div role="radiogroup" aria-label={label} className="segmented">
      {options.map((option, i) => (
        <button
          key={option.value}
          ref={(element) => {
            buttons.current[i] = element;
          }}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          tabIndex={i === tabStop ? 0 : -1}
          disabled={option.disabled}
          onClick={() => onChange(option.value)}
          onKeyDown={(event) => onKeyDown(event, i)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

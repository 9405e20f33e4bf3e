import { useId, useState, type KeyboardEvent } from 'react';
import type { Action } from '@core/permissions';
import { checkIdentifier, type ActionDraft, type Scope } from '../lib/permission-draft';

export interface ItemActionFieldProps {
  /** The resource's title, e.g. "Stocks"; with the action it names every control. */
  readonly title: string;
  readonly action: Action;
  readonly value: ActionDraft;
  readonly onScope: (scope: Scope) => void;
  readonly onAdd: (id: string) => void;
  readonly onRemove: (id: string) => void;
}

const SCOPES: readonly (readonly [Scope, string])[] = [
  ['none', 'None'],
  ['all', 'All items'],
  ['items', 'Specific items'],
];

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** One action of an item resource: none, all items, or a list of ISINs to add to and remove from. */
export function ItemActionField({
  title,
  action,
  value,
  onScope,
  onAdd,
  onRemove,
}: ItemActionFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  // Hidden from sight (the fieldset shows it) but part of every control's accessible name.
  const context = `${title} ${action}`;

  const add = () => {
    const check = checkIdentifier(text, value.items);
    if ('error' in check) {
      setError(check.error);
      return;
    }
    onAdd(check.id);
    setText('');
    setError(undefined);
  };
  // Enter adds the identifier instead of submitting the whole permission form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="permission-action">
      <legend>
        <span className="visually-hidden">{title}: </span>
        {capitalized(action)}
      </legend>
      {SCOPES.map(([scope, label]) => (
        <label key={scope} className="permission-choice">
          <input
            type="radio"
            name={`${id}-scope`}
            value={scope}
            checked={value.scope === scope}
            onChange={() => onScope(scope)}
          />{' '}
          {label}
        </label>
      ))}
      {value.scope === 'items' && (
        <div className="permission-items">
          {value.items.length === 0 ? (
            <p className="muted">No items yet: nothing is allowed.</p>
          ) : (
            <ul aria-label={`Items: ${context}`}>
              {value.items.map((item) => (
                <li key={item}>
                  <code>{item}</code>{' '}
                  <button type="button" className="link-button" onClick={() => onRemove(item)}>
                    Remove<span className="visually-hidden"> {`${item} from ${context}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor={`${id}-add`}>
            Add ISIN<span className="visually-hidden"> to {context}</span>
          </label>
          <div className="permission-add">
            <input
              id={`${id}-add`}
              className="admin-input"
              value={text}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
              onKeyDown={onKeyDown}
            />
            <button type="button" className="button" onClick={add}>
              Add<span className="visually-hidden"> to {context}</span>
            </button>
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="admin-error field-message">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

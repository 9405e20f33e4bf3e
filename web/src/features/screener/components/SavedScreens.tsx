import { useId, useState, type FormEvent } from 'react';
import type { ScreenQueryParams } from '@core/market/stock-screen';
import { useSavedScreenChanges, useSavedScreens } from '../api/saved-screens';

/**
 * Save the screen in the address under a name, open a saved one, or delete it. A saved screen is
 * its parameters without the page, so it opens at its first page.
 */
export function SavedScreens({
  current,
  onOpen,
}: {
  readonly current: ScreenQueryParams;
  readonly onOpen: (params: Readonly<Record<string, string>>) => void;
}) {
  const id = useId();
  const saved = useSavedScreens();
  const { save, remove } = useSavedScreenChanges();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const screens = saved.data?.screens ?? [];
  const picked = screens.find((s) => s.id === chosen);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { offset: _offset, ...params } = current;
    save.mutate(
      { name: name.trim(), params: params as Record<string, string> },
      { onSuccess: () => setName('') },
    );
  };

  const error = save.error ?? remove.error;
  return (
    <section className="saved-screens" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Saved screens</h2>
      {saved.status === 'error' ? (
        <p role="alert">Your saved screens could not be loaded.</p>
      ) : (
        <div className="saved-screens-row">
          <div className="screener-field">
            <label htmlFor={`${id}-pick`}>Saved screen</label>
            <select id={`${id}-pick`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">
                {screens.length === 0 ? 'No saved screens yet' : 'Choose a saved screen'}
              </option>
              {screens.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button"
            disabled={!picked}
            onClick={() => picked && onOpen(picked.params)}
          >
            Open
          </button>
          <button
            type="button"
            className="button"
            disabled={!picked || remove.isPending}
            onClick={() => picked && remove.mutate(picked.id, { onSuccess: () => setChosen('') })}
          >
            Delete
          </button>
          <form className="saved-screens-save" onSubmit={submit} aria-label="Save this screen">
            <div className="screener-field">
              <label htmlFor={`${id}-name`}>Name for this screen</label>
              <input
                id={`${id}-name`}
                value={name}
                maxLength={60}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <button
              type="submit"
              className="button"
              disabled={name.trim() === '' || save.isPending}
            >
              Save screen
            </button>
          </form>
        </div>
      )}
      {saved.data && (
        <p className="muted">
          {screens.length} of {saved.data.limits.savedScreens} saved screens on your plan.
        </p>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error.message}
        </p>
      )}
    </section>
  );
}

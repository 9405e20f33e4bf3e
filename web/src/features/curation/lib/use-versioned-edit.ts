import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { failureOutcome, PUBLISHED, type WriteOutcome } from './write-outcome';

interface Versioned {
  readonly version: number;
}

/** One of the API's writes (api/*): what the flow calls, and whether one is under way. */
type Write<S, Variables> = Pick<
  UseMutationResult<S | null, Error, Variables>,
  'mutate' | 'isPending'
>;

export interface VersionedEditOptions<S extends Versioned, Input> {
  /** What the editor loaded: the first base. */
  readonly stored: S;
  readonly update: Write<S, { input: Input; version: number }>;
  readonly restore: Write<S, { version: number; expectedVersion: number }>;
  /** Reads what is stored again, after a conflict. */
  readonly reload: () => Promise<S | null | undefined>;
  /** A write went through: the form starts again from what is stored now. */
  readonly onStored: (saved: S) => void;
  /** After a conflict's reload (the draft stays): `previous` is what the draft started from. */
  readonly onReloaded?: (fresh: S, previous: S) => void;
  /** How the reload's announcement says the draft is kept ('Your draft is kept: …'). */
  readonly keptDraft: string;
  /** Any failed write, besides its announcement (e.g. a field's error for a BadRequest). */
  readonly onFailed?: (error: unknown) => void;
}

/**
 * The save / conflict-reload / restore flow of an editor of one versioned curated value (the
 * analyst data, the Shariah inputs, the description). Every write names the version of its base;
 * a stale one is a conflict, and the reload makes what is stored now the base while the draft
 * stays in the form, so the user reapplies it knowingly instead of overwriting someone's change.
 */
export function useVersionedEdit<S extends Versioned, Input>(
  options: VersionedEditOptions<S, Input>,
) {
  // What the draft is based on: a save or restore names its version.
  const [base, setBase] = useState<S>(options.stored);
  // After a conflict: what is stored now and what the draft started from, shown beside the draft.
  const [reloaded, setReloaded] = useState<{ fresh: S; previous: S } | null>(null);
  const [outcome, setOutcome] = useState<WriteOutcome | null>(null);
  // The kept version a confirmation is asked for.
  const [restoring, setRestoring] = useState<Versioned | null>(null);

  const settle = (saved: S, text: string) => {
    setBase(saved);
    setReloaded(null);
    options.onStored(saved);
    setOutcome({ kind: 'done', text });
  };
  const fail = (error: unknown, what: string) => {
    options.onFailed?.(error);
    setOutcome(failureOutcome(error, what));
  };

  const save = (input: Input) => {
    setOutcome(null);
    options.update.mutate(
      { input, version: base.version },
      {
        onSuccess: (saved) => {
          if (saved) settle(saved, `Saved as version ${saved.version}. ${PUBLISHED}`);
        },
        onError: (error) => fail(error, 'Not saved:'),
      },
    );
  };

  const confirmRestore = () => {
    if (!restoring) return;
    setOutcome(null);
    options.restore.mutate(
      { version: restoring.version, expectedVersion: base.version },
      {
        onSuccess: (saved) => {
          if (saved) {
            settle(
              saved,
              `Version ${restoring.version} restored as version ${saved.version}. ${PUBLISHED}`,
            );
          }
        },
        onError: (error) => fail(error, 'Not restored:'),
        onSettled: () => setRestoring(null),
      },
    );
  };

  const reloadKeepingDraft = async () => {
    const fresh = await options.reload();
    if (!fresh) return;
    setReloaded({ fresh, previous: base });
    setBase(fresh);
    options.onReloaded?.(fresh, base);
    setOutcome({ kind: 'done', text: `Reloaded version ${fresh.version}. ${options.keptDraft}` });
  };

  return {
    base,
    reloaded,
    outcome,
    restoring,
    setRestoring,
    save,
    confirmRestore,
    reloadKeepingDraft,
    saving: options.update.isPending,
    restoringBusy: options.restore.isPending,
  };
}

export type VersionedEdit = ReturnType<typeof useVersionedEdit>;

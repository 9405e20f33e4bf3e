import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type * as z from 'zod';
import { preferencesBody } from '@core/api/account';
import { SHARIAH_STANDARD_NAMES, SHARIAH_STANDARDS } from '@core/market/shariah';
import { DEFAULT_SHARIAH_STANDARD, SHARIAH_STANDARD_EFFECT_TEXT } from '@core/shariah-preference';
import type { UserRecord } from '@core/user-record';
import { VERDICT_ALERTS_TEXT, verdictAlertsOn } from '@core/verdict-alerts';
import { accountApi } from '../../../lib/apis/account';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { ErrorAlert, Notice } from './Alerts';
import { AuthForm } from './AuthForm';
import { SubmitButton } from './SubmitButton';
import { useAuthForm } from '../hooks/use-auth-form';

type Values = z.infer<typeof preferencesBody>;

export const standardSavedText = (standard: Values['shariahStandard']) =>
  `Your lists now show verdicts under ${SHARIAH_STANDARD_NAMES[standard]}.`;

/**
 * The Shariah standard the user's lists show verdicts under (a profile setting, PUT
 * /api/account/preferences), and whether they hear of a held or watched stock's verdict changing
 * under it. Saved, it goes into the record's query, which the watchlists and the screener read, so
 * they show the new standard without a reload.
 */
export function ShariahStandardSetting({
  record,
  queryKey,
}: {
  /** The user's record: undefined while it loads, null when there is none. */
  readonly record: UserRecord | null | undefined;
  readonly queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const stored = record?.shariahStandard ?? DEFAULT_SHARIAH_STANDARD;
  const alertsOn = verdictAlertsOn(record ?? undefined);
  const form = useAuthForm(preferencesBody, { shariahStandard: stored, verdictAlerts: alertsOn });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const { reset } = form;
  // The record arrives after the form: show what is stored, not the default.
  useEffect(
    () => reset({ shariahStandard: stored, verdictAlerts: alertsOn }),
    [reset, stored, alertsOn],
  );

  const save = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      const saved = await callAsUser(accountApi, 'setPreferences', { body: values });
      queryClient.setQueryData<UserRecord | null>(queryKey, (old) =>
        old
          ? { ...old, shariahStandard: saved.shariahStandard, verdictAlerts: saved.verdictAlerts }
          : old,
      );
      setNotice(standardSavedText(saved.shariahStandard));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="shariah-standard-title">
      <h2 id="shariah-standard-title">Shariah standard</h2>
      <p id="shariah-standard-hint">{SHARIAH_STANDARD_EFFECT_TEXT}</p>
      <ErrorAlert message={error} />
      <Notice message={notice} />
      <AuthForm form={form} busy={busy} onValid={save}>
        <div className="form-field">
          <label htmlFor="shariah-standard">Standard for your verdicts</label>
          <select
            id="shariah-standard"
            aria-describedby="shariah-standard-hint"
            disabled={record === undefined}
            {...form.register('shariahStandard')}
          >
            {SHARIAH_STANDARDS.map((standard) => (
              <option key={standard} value={standard}>
                {SHARIAH_STANDARD_NAMES[standard]}
                {standard === DEFAULT_SHARIAH_STANDARD ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="form-row">
          <label className="checkbox">
            <input
              type="checkbox"
              disabled={record === undefined}
              {...form.register('verdictAlerts')}
            />
            {VERDICT_ALERTS_TEXT}
          </label>
        </div>
        <SubmitButton busy={busy} idle="Save standard" busyText="Saving" />
      </AuthForm>
    </section>
  );
}

import { describeCondition, type Alert } from '@core/alerts';
import { formatDateTime, formatPrice } from '@core/format';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { useAlerts, useDeleteAlert, useUpdateAlert } from '../api/alerts';
import { AlertForm } from './AlertForm';

function AlertRow({ alert }: { readonly alert: Alert }) {
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const label = describeCondition(alert.symbol, alert.condition);
  const status = alert.armed
    ? 'Armed'
    : alert.firedAt
      ? `Fired on ${formatDateTime(alert.firedAt)}, price ${formatPrice(alert.firedPrice)}`
      : 'Off';
  const error = update.error ?? remove.error;
  return (
    <li className="alert-row">
      <span className="alert-label">{label}</span>
      <span className="alert-status">{status}</span>
      {!alert.armed && (
        <button
          type="button"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              id: alert.id,
              condition: alert.condition,
              armed: true,
              version: alert.version,
            })
          }
          aria-label={`Re-arm ${label}`}
        >
          Re-arm
        </button>
      )}
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate(alert.id)}
        aria-label={`Delete ${label}`}
      >
        Delete
      </button>
      {error && (
        <p role="alert" className="alert-error">
          {error.message}
        </p>
      )}
    </li>
  );
}

/** The user's price alerts: create, list, re-arm after a fire, delete; the plan's limit shown. */
export function AlertsPanel() {
  const { data, isPending, error } = useAlerts();
  const alerts = data?.alerts ?? [];
  const limits = data?.limits;
  const atLimit = !!limits && alerts.length >= limits.alerts;
  return (
    <section className="card alerts-panel" aria-labelledby="dashboard-alerts">
      <h2 id="dashboard-alerts">Price alerts</h2>
      {limits && (
        <p className="alerts-count">
          {alerts.length} of {limits.alerts} alerts used
        </p>
      )}
      {atLimit && limits && (
        <UpgradePrompt
          reason={{ kind: 'limit', what: 'price alerts', limit: limits.alerts, tier: limits.tier }}
        />
      )}
      <AlertForm disabled={atLimit} />
      {isPending ? (
        <p>Loading your alerts…</p>
      ) : error ? (
        <p role="alert">{error.message}</p>
      ) : alerts.length === 0 ? (
        <p>No alerts yet. An alert fires once, then waits until you re-arm it.</p>
      ) : (
        <>
          <ul className="alert-list">
            {alerts.map((alert) => (
              <AlertRow key={alert.id} alert={alert} />
            ))}
          </ul>
          <ExportCsvButton kind="alerts" label="Export alerts as CSV" />
        </>
      )}
    </section>
  );
}

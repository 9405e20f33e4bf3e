import { useMutation } from '@tanstack/react-query';
import { CSV_EXPORT_FEATURE, type ExportKind } from '@core/user-files';
import { ApiError } from '../lib/api-client';
import { subscriptionApi } from '../lib/apis/subscription';
import { callAsUser } from '../lib/auth/call-as-user';
import { UpgradePrompt } from './UpgradePrompt';

/** Follows a download link: the server's Content-Disposition makes it a file, the page stays. */
function follow(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * "Export CSV" of the user's watchlists or alerts, or of one portfolio (`request`), Premium: the
 * server writes the file to the user's folder and answers a short-lived link to it. Free users
 * are shown the upgrade prompt, the same text as the server's 403.
 */
export function ExportCsvButton({
  label,
  ...what
}: {
  /** The button's text, e.g. "Export watchlists as CSV". */
  label: string;
} & (
  | { kind: ExportKind }
  | {
      /** Asks for another export's link (a portfolio's). */
      request: () => Promise<{ readonly url: string }>;
    }
)) {
  const exporting = useMutation({
    mutationFn: () =>
      'request' in what
        ? what.request()
        : callAsUser(subscriptionApi, 'exportCsv', { body: { kind: what.kind } }),
    onSuccess: ({ url }) => follow(url),
  });
  const premiumOnly = exporting.error instanceof ApiError && exporting.error.status === 403;
  return (
    <div className="export-csv">
      <button
        type="button"
        className="button"
        disabled={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {exporting.isPending ? 'Exporting…' : label}
      </button>
      {premiumOnly ? (
        <UpgradePrompt reason={{ kind: 'premium-only', feature: CSV_EXPORT_FEATURE }} />
      ) : (
        exporting.error && <p role="alert">{exporting.error.message}</p>
      )}
    </div>
  );
}

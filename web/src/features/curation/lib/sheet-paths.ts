/**
 * Where the sheet screens live (§2 routes). The company's symbol rides along as ?symbol= so the
 * screens can name the company and refresh its public page after a change.
 */
export function sheetsPath(isin: string, symbol: string | undefined, rest?: string): string {
  const path = `/admin/settings/sheets/${encodeURIComponent(isin)}${rest ? `/${rest}` : ''}`;
  return symbol ? `${path}?symbol=${encodeURIComponent(symbol)}` : path;
}

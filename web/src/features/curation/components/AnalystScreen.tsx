import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CompanyProfile } from '@core/market/types';
import { quoteQuery } from '../../../lib/stock-queries';
import { CompanyCurationScreen, type CompanyPicker } from './CompanyCurationScreen';
import { CuratedItemEditor } from './CuratedItemEditor';
import { analystKind } from '../lib/analyst-form';
import { AnalystFields } from './AnalystFields';

/**
 * /admin/settings/analyst: pick a company, then curate its analyst data — the rating
 * distribution and consensus, the price targets and the grade history — with core's warnings
 * against the live price, the history and restore.
 */
export function AnalystScreen({ companyPicker }: { readonly companyPicker: CompanyPicker }) {
  return (
    <CompanyCurationScreen
      id="analyst-title"
      title="Analysts"
      lead="The analyst ratings, price targets and grade history the public stock pages show."
      nothingChosen="Choose a company to see and edit its analyst data."
      companyPicker={companyPicker}
    >
      {(company) => <AnalystEditor key={company.isin} company={company} />}
    </CompanyCurationScreen>
  );
}

function AnalystEditor({ company }: { readonly company: CompanyProfile }) {
  const kind = useMemo(() => analystKind(company.currency), [company.currency]);
  // The price the warnings weigh the mean target against: the live quote, else the profile's.
  const quote = useQuery(quoteQuery(company.symbol));
  const price = quote.data?.price ?? company.price ?? null;
  return (
    <CuratedItemEditor
      kind={kind}
      isin={company.isin}
      symbol={company.symbol}
      name={company.companyName}
    >
      {(form) => <AnalystFields form={form} price={price} />}
    </CuratedItemEditor>
  );
}

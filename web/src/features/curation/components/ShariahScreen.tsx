import { useMemo } from 'react';
import { CompanyCurationScreen, type CompanyPicker } from './CompanyCurationScreen';
import { CuratedItemEditor } from './CuratedItemEditor';
import { shariahKind } from '../lib/shariah-form';
import { ShariahFields } from './ShariahFields';

/**
 * /admin/settings/shariah: pick a company, then curate the inputs of its Shariah screen — the
 * business activity, interest-bearing securities, curated balance-sheet figures, the revenue
 * split with its non-permissible sources, and an optional reviewer's verdict. SHARIAH is a GENERAL
 * resource (§6): editors with read see it read-only, admins change it.
 */
export function ShariahScreen({ companyPicker }: { readonly companyPicker: CompanyPicker }) {
  const kind = useMemo(() => shariahKind(new Date().toISOString().slice(0, 10)), []);
  return (
    <CompanyCurationScreen
      id="shariah-title"
      title="Shariah"
      lead="The inputs of the Shariah screen the public stock pages compute, and a reviewer’s verdict."
      nothingChosen="Choose a company to see and edit its Shariah inputs."
      companyPicker={companyPicker}
    >
      {(company) => (
        <CuratedItemEditor
          key={company.isin}
          kind={kind}
          isin={company.isin}
          symbol={company.symbol}
          name={company.companyName}
        >
          {(form, _readOnly, stored) => (
            <ShariahFields form={form} currency={company.currency} stored={stored} />
          )}
        </CuratedItemEditor>
      )}
    </CompanyCurationScreen>
  );
}

import { DESCRIPTION_MIN_LENGTH } from '@core/curation/description';
import { CompanyCurationScreen, type CompanyPicker } from './CompanyCurationScreen';
import { DescriptionEditor } from './DescriptionEditor';
import { LIMIT_TEXT } from '../lib/description-form';
import './description.css';

/**
 * /admin/settings/description: pick a company by symbol or name (the site's stock search), then
 * curate its description with a preview, its history and restore (DescriptionEditor).
 */
export function DescriptionScreen({ companyPicker }: { readonly companyPicker: CompanyPicker }) {
  return (
    <CompanyCurationScreen
      id="description-title"
      title="Descriptions"
      lead={`The company descriptions the public stock pages show: plain text of ${DESCRIPTION_MIN_LENGTH} to ${LIMIT_TEXT} characters, without HTML.`}
      nothingChosen="Choose a company to see and edit its description."
      companyPicker={companyPicker}
    >
      {(company) => (
        <DescriptionEditor
          key={company.isin}
          isin={company.isin}
          symbol={company.symbol}
          name={company.companyName}
        />
      )}
    </CompanyCurationScreen>
  );
}

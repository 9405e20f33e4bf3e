import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHEET_CSV_COLUMNS } from '@core/curation/sheet-csv';
import * as amplify from '../../../testing/amplify-mock';
import { stubApis } from '../../../testing/render-app';
import { jsonResponse, renderRoutes, testQueryClient } from '../../../testing/test-utils';
import { resetIdentityForTests } from '../../../lib/auth/identity';
import { stockKey } from '../../../lib/stock-queries';
import { sheetsKey } from '../api/sheets-api';
import { SheetImport } from './SheetImport';

// A well-formed ISIN (check digit included): the import checks each row's with core's rule.
const ISIN = 'US0000000002';

/** One quarterly income sheet of the company, as a CSV file. */
const csv = () =>
  new File(
    [
      Papa.unparse(
        [
          {
            isin: ISIN,
            sheetType: 'income',
            sheetDuration: 'quarter',
            year: '2025',
            quarter: '4',
            date: '2025-12-31',
            revenue: '100',
          },
        ],
        { columns: [...SHEET_CSV_COLUMNS] },
      ),
    ],
    'sheets.csv',
    { type: 'text/csv' },
  );

beforeEach(() => {
  resetIdentityForTests();
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'admin@example.com', groups: ['admin'] });
  stubApis({
    extra: {
      '/graphql': () =>
        jsonResponse({ data: { importSheets: { added: 1, replaced: 0, unchanged: 0 } } }),
    },
  });
});

describe('SheetImport', () => {
  it('leaves no public stock read and no sheet list from before the import in the cache', async () => {
    const client = testQueryClient();
    // What a tab holds after visiting the company's public page and its sheets: the public page
    // would show these (statements are fresh for an hour) when the curator goes back to it.
    const statements = stockKey('ACME', 'statements', 'income', 'annual', 8);
    const shariah = stockKey('ACME', 'shariah');
    client.setQueryData(statements, [{ revenue: 1 }]);
    client.setQueryData(shariah, { overall: 'compliant' });
    client.setQueryData(sheetsKey(ISIN), []);
    renderRoutes([{ path: '*', element: <SheetImport /> }], '/admin/settings/sheets', client);
    const actor = userEvent.setup();

    await actor.upload(screen.getByLabelText('CSV file'), csv());
    await actor.click(await screen.findByRole('button', { name: 'Import 1 sheet' }));
    await screen.findByText('Import finished: 1 added, 0 replaced, 0 unchanged', {
      exact: false,
    });

    for (const key of [statements, shariah, sheetsKey(ISIN)]) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
  });
});

import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'import/no-restricted-paths';

// Only the zone rule: the rest of the configuration is lint's business, not this test's.
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === RULE });

/** The zone errors ESLint reports for `code` as if it were the file at `path`. */
async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('import zones of the SPA (issue 10, bulletproof-react)', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await zoneErrors(
      'web/src/features/market/components/zone-fixture.ts',
      "import { useQuote } from '../../stock/api/use-quote';\nexport const q = useQuote;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature may not import another feature')]);
  });

  it('refuses a feature importing app/, and shared code importing a feature', async () => {
    expect(
      await zoneErrors(
        'web/src/features/market/components/zone-fixture.ts',
        "import { routes } from '../../../app/routes';\nexport const r = routes;\n",
      ),
    ).toEqual([expect.stringContaining('may not import app/')]);
    expect(
      await zoneErrors(
        'web/src/lib/zone-fixture.ts',
        "import { MarketsHome } from '../features/market/components/MarketsHome';\nexport const m = MarketsHome;\n",
      ),
    ).toEqual([expect.stringContaining('Shared code may not import features or app/')]);
  });

  it('lets a feature import its own files and shared code', async () => {
    const code = [
      "import { MOVERS_LIMIT } from '../api/market-queries';",
      "import { getEnvelope } from '../../../lib/asset-api';",
      "import { ChangeText } from '../../../components/ChangeText';",
      "import { HOME_PATH } from '@core/routes';",
      'export const all = [MOVERS_LIMIT, getEnvelope, ChangeText, HOME_PATH];',
    ].join('\n');
    expect(await zoneErrors('web/src/features/market/components/zone-fixture.ts', code)).toEqual(
      [],
    );
  });

  it('finds no zone error in web/src', async () => {
    const results = await eslint.lintFiles(['web/src']);
    const errors = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === RULE)
        .map((m) => `${r.filePath.slice(root.length)}:${m.line} ${m.message}`),
    );
    expect(errors).toEqual([]);
  }, 60_000);
});

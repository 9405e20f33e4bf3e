import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = fileURLToPath(new URL('../../web/src/features', import.meta.url));
/** bulletproof-react's feature folders, plus the tests' own scaffolding. */
const ALLOWED = new Set(['api', 'components', 'hooks', 'lib', 'testing']);

describe('feature shape (issue 10)', () => {
  it('keeps every feature in api/, components/, hooks/, lib/ (and testing/), nothing loose', () => {
    const strays = readdirSync(FEATURES).flatMap((feature) =>
      readdirSync(`${FEATURES}/${feature}`, { withFileTypes: true })
        .filter((entry) => !(entry.isDirectory() && ALLOWED.has(entry.name)))
        .map((entry) => `${feature}/${entry.name}`),
    );
    expect(strays).toEqual([]);
  });
});

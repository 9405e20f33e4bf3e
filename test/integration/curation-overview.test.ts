import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserCounts } from '../../core/api/admin-queries';
import type { CurationOverview } from '../../core/curation/overview';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { FIXED_DEMO_ANCHOR, DEFAULT_SEED, generateUniverse } from '../../infra/local/demo/universe';
import { startCurationStack, type CurationStack } from '../support/curation-stack';

/**
 * The console's overview and the admin dashboard's figures over HTTP on the local product: counts
 * from the byArea index of DynamoDB Local, the changes of the last 7 days by person as the
 * curation writes recorded them, the demo seed as the last ingest, the directory's user counts;
 * an editor sees only the ISINs their set reads.
 */
const DEMO_COUNT = 6;
const [companyA, companyB] = generateUniverse({
  seed: DEFAULT_SEED,
  count: DEMO_COUNT,
  anchor: FIXED_DEMO_ANCHOR,
});
const A = companyA!.profile.isin;
const B = companyB!.profile.isin;
const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
const EDITOR = {
  email: 'overview-editor@stockscope.local',
  password: 'Demo#Overview2025',
  phoneNumber: '+15550100081',
} as const;

const editorSet = (): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, DESCRIPTION: { ...set.DESCRIPTION, read: [A], update: [A] } };
};

const OVERVIEW = `query { curationOverview {
  since
  areas { area count recentChanges lastChange { area isin updatedAt updatedBy } }
  changesByPerson { who changes }
  recent { area isin updatedAt updatedBy }
  lastIngest { source startedAt finishedAt ingested failed failures { symbol reason } }
} }`;
const UPDATE = `mutation U($isin: ID!, $text: String!, $version: Int!) {
  updateDescription(isin: $isin, text: $text, version: $version) { version } }`;

describe('curation overview and dashboard figures (local product)', () => {
  let curation: CurationStack;

  const overviewAs = async (who: string) => {
    const answer = await curation.graphql(curation.as(who), OVERVIEW);
    expect(answer.errors).toBeUndefined();
    return answer.data!.curationOverview as CurationOverview;
  };
  /** The index is read eventually consistent: wait for what a write must bring. */
  const tokenOf = (who: string) => (curation.as(who) as { token: string }).token;
  const eventually = async (who: string, done: (o: CurationOverview) => boolean) => {
    for (let i = 0; i < 50; i += 1) {
      const overview = await overviewAs(who);
      if (done(overview)) return overview;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return overviewAs(who);
  };

  beforeAll(async () => {
    curation = await startCurationStack({
      demoCount: DEMO_COUNT,
      editors: [{ ...EDITOR, permissionSet: editorSet() }],
    });
  });

  afterAll(async () => {
    await curation?.stop();
  });

  it('counts every area of the seeded universe and shows the seed as the last ingest', async () => {
    const overview = await overviewAs('admin');
    expect(overview.areas.map((a) => [a.area, a.count])).toEqual([
      ['STOCKS', DEMO_COUNT],
      ['SHEETS', DEMO_COUNT * 3],
      ['ANALYST', DEMO_COUNT],
      ['SHARIAH', DEMO_COUNT],
      ['DESCRIPTION', 0],
    ]);
    expect(overview.lastIngest).toMatchObject({
      source: 'demo seed',
      ingested: DEMO_COUNT,
      failed: 0,
      failures: [],
    });
  });

  it('lists each change by person within the week; an editor sees only the ISINs they read', async () => {
    for (const [who, isin, text] of [
      ['admin', A, 'First text of A.'],
      ['admin', B, 'First text of B.'],
    ] as const) {
      const answer = await curation.graphql(curation.as(who), UPDATE, { isin, text, version: 0 });
      expect(answer.errors).toBeUndefined();
    }
    const edited = await curation.graphql(curation.as(EDITOR.email), UPDATE, {
      isin: A,
      text: 'Second text of A.',
      version: 1,
    });
    expect(edited.errors).toBeUndefined();

    const overview = await eventually(
      'admin',
      (o) => o.areas.find((a) => a.area === 'DESCRIPTION')?.recentChanges === 3,
    );
    const description = overview.areas.find((a) => a.area === 'DESCRIPTION')!;
    expect(description).toMatchObject({ count: 2, recentChanges: 3 });
    expect(description.lastChange).toMatchObject({ isin: A, updatedBy: EDITOR.email });
    expect(overview.changesByPerson).toEqual([
      { who: admin.email, changes: 2 },
      { who: EDITOR.email, changes: 1 },
    ]);
    expect(overview.recent.map((c) => [c.area, c.isin, c.updatedBy])).toEqual([
      ['DESCRIPTION', A, EDITOR.email],
      ['DESCRIPTION', B, admin.email],
      ['DESCRIPTION', A, admin.email],
    ]);
    expect(Date.parse(overview.since)).toBeLessThan(Date.now() - 6.9 * 86_400_000);

    const mine = await overviewAs(EDITOR.email);
    expect(mine.areas).toEqual([
      {
        area: 'DESCRIPTION',
        count: 1,
        recentChanges: 2,
        lastChange: expect.objectContaining({ isin: A }),
      },
    ]);
    expect(mine.recent.every((c) => c.isin === A)).toBe(true);
    expect(mine.lastIngest).toBeNull();
  });

  it('answers the directory’s counts to an admin only', async () => {
    const url = `${curation.stack.url}/api/admin/userCounts`;
    const asAdmin = await fetch(url, { headers: { Authorization: tokenOf('admin') } });
    expect(asAdmin.status).toBe(200);
    const counts = (await asAdmin.json()) as UserCounts;
    expect(counts.users).toBe(DEMO_ACCOUNTS.length + 1);
    expect(counts.editors).toBe(DEMO_ACCOUNTS.filter((a) => a.group === 'editor').length + 1);
    expect(counts.admins).toBe(DEMO_ACCOUNTS.filter((a) => a.group === 'admin').length);
    const asEditor = await fetch(url, {
      headers: { Authorization: tokenOf(EDITOR.email) },
    });
    expect(asEditor.status).toBe(403);
  });
});

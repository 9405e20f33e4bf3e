import {
  ListUsersCommand,
  ListUsersInGroupCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserCounts } from '../../core/api/admin-queries';
import type { AreaOverview, CurationOverview } from '../../core/curation/overview';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { identityClient } from '../../infra/local/identity/bootstrap';
import { curationCallers, testEditor, type CurationCallers } from '../support/curation-callers';
import { seedOwnCompanies } from '../support/own-companies';
import { sharedStack } from '../support/shared-stack';
import { CURATION_OVERVIEW_QUERY } from '../../core/curation/overview';

/**
 * The console's overview and the admin dashboard's figures over HTTP on the local product: counts
 * from the byArea index of DynamoDB Local, the changes of the last 7 days by person as the
 * curation writes recorded them, the demo seed as the last ingest, the directory's user counts;
 * an editor sees only the ISINs their set reads.
 *
 * The stack is shared: other files add stocks, descriptions and users while this one runs, so the
 * whole-area figures an administrator sees are checked as at least the seed's, and the exact
 * figures through an auditor: an editor who reads every area (Shariah data is read whole or not
 * at all) of this file's own two companies, and nothing else.
 */
const admin = { email: '' };
let A = '';
let B = '';
const EDITOR = { email: '' };
const AUDITOR = { email: '' };

const editorSet = (): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, DESCRIPTION: { ...set.DESCRIPTION, read: [A], update: [A] } };
};
const auditorSet = (): PermissionSet => {
  const set = emptyPermissionSet();
  const read = [A, B];
  return {
    ...set,
    STOCKS: { ...set.STOCKS, read },
    SHEETS: { ...set.SHEETS, read },
    ANALYST: { ...set.ANALYST, read },
    DESCRIPTION: { ...set.DESCRIPTION, read },
  };
};

const UPDATE = `mutation U($isin: ID!, $text: String!, $version: Int!) {
  updateDescription(isin: $isin, text: $text, version: $version) { version } }`;

/** The directory's users, editors and admins as the identity service lists them, page by page. */
async function directoryCounts(
  identity: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<UserCounts> {
  let users = 0;
  let token: string | undefined;
  do {
    const page = await identity.send(
      new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token }),
    );
    users += page.Users?.length ?? 0;
    token = page.PaginationToken;
  } while (token);
  const members = async (group: string) => {
    let count = 0;
    let next: string | undefined;
    do {
      const page = await identity.send(
        new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: group, NextToken: next }),
      );
      count += page.Users?.length ?? 0;
      next = page.NextToken;
    } while (next);
    return count;
  };
  return { users, editors: await members('editor'), admins: await members('admin') };
}

describe('curation overview and dashboard figures (local product)', () => {
  const stack = sharedStack();
  let curation: CurationCallers;

  const overviewAs = async (who: string) => {
    const answer = await curation.graphql(curation.as(who), CURATION_OVERVIEW_QUERY);
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
  const areaOf = (overview: CurationOverview, area: string) =>
    overview.areas.find((a) => a.area === area);

  beforeAll(async () => {
    const [a, b] = await seedOwnCompanies(stack, 'OV', 2);
    A = a!.profile.isin;
    B = b!.profile.isin;
    const editor = testEditor('overview-editor', editorSet());
    const auditor = testEditor('overview-auditor', auditorSet());
    EDITOR.email = editor.email;
    AUDITOR.email = auditor.email;
    curation = await curationCallers({ tag: 'overview', editors: [editor, auditor] });
    admin.email = curation.admin.email;
  });

  it('counts every area of the seeded universe and shows the seed as the last ingest', async () => {
    const N = stack.demoCount;
    const overview = await overviewAs('admin');
    expect(overview.areas.map((a) => a.area)).toEqual([
      'STOCKS',
      'SHEETS',
      'ANALYST',
      'SHARIAH',
      'DESCRIPTION',
    ]);
    const seeded = { STOCKS: N, SHEETS: N * 3, ANALYST: N, SHARIAH: N, DESCRIPTION: 0 };
    for (const { area, count } of overview.areas) {
      expect(count, area).toBeGreaterThanOrEqual(seeded[area as keyof typeof seeded]);
    }
    expect(overview.lastIngest).toMatchObject({
      source: 'demo seed',
      ingested: N,
      failed: 0,
      failures: [],
      refusals: [],
    });
    // Exactly, for the two companies the auditor reads, as the seed stores each company.
    const audited = await overviewAs(AUDITOR.email);
    expect(audited.areas.map((a) => [a.area, a.count])).toEqual([
      ['STOCKS', 2],
      ['SHEETS', 2 * 3],
      ['ANALYST', 2],
      ['DESCRIPTION', 0],
    ]);
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

    // Every change to the two companies, as one who reads just them sees it.
    const overview = await eventually(
      AUDITOR.email,
      (o) => areaOf(o, 'DESCRIPTION')?.recentChanges === 3,
    );
    const description = areaOf(overview, 'DESCRIPTION')!;
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

    // The administrator sees them among everyone's.
    const mineAmongAll = (o: CurationOverview) =>
      o.recent.filter((c) => c.isin === A || c.isin === B);
    const all = await eventually('admin', (o) => mineAmongAll(o).length === 3);
    expect(all.changesByPerson).toContainEqual({ who: admin.email, changes: 2 });
    expect(all.changesByPerson).toContainEqual({ who: EDITOR.email, changes: 1 });
    expect(mineAmongAll(all).map((c) => [c.area, c.isin, c.updatedBy])).toEqual([
      ['DESCRIPTION', A, EDITOR.email],
      ['DESCRIPTION', B, admin.email],
      ['DESCRIPTION', A, admin.email],
    ]);
    expect(areaOf(all, 'DESCRIPTION')!.count).toBeGreaterThanOrEqual(2);

    const mine = await overviewAs(EDITOR.email);
    expect(mine.areas).toEqual([
      {
        area: 'DESCRIPTION',
        count: 1,
        recentChanges: 2,
        lastChange: expect.objectContaining({ isin: A }) as AreaOverview['lastChange'],
      },
    ]);
    expect(mine.recent.every((c) => c.isin === A)).toBe(true);
    expect(mine.lastIngest).toBeNull();
  });

  it('answers the directory’s counts to an admin only', async () => {
    const url = `${stack.url}/api/admin/userCounts`;
    const identity = identityClient(stack.endpoints.identity);
    try {
      // Other files add users meanwhile: the answer must be the directory's as listed just
      // before and just after it, when nobody was added in between.
      let compared = false;
      for (let attempt = 0; attempt < 20 && !compared; attempt += 1) {
        const before = await directoryCounts(identity, stack.pool.userPoolId);
        const asAdmin = await fetch(url, { headers: { Authorization: tokenOf('admin') } });
        expect(asAdmin.status).toBe(200);
        const counts = (await asAdmin.json()) as UserCounts;
        const after = await directoryCounts(identity, stack.pool.userPoolId);
        if (JSON.stringify(before) !== JSON.stringify(after)) continue;
        expect(counts).toEqual(before);
        // This file's own: an admin and two editors at least.
        expect(counts.editors).toBeGreaterThanOrEqual(2);
        expect(counts.admins).toBeGreaterThanOrEqual(1);
        compared = true;
      }
      expect(compared, 'the directory kept changing').toBe(true);
    } finally {
      identity.destroy();
    }
    const asEditor = await fetch(url, {
      headers: { Authorization: tokenOf(EDITOR.email) },
    });
    expect(asEditor.status).toBe(403);
  });
});

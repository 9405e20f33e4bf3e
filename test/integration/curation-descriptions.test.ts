import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../core/api/asset-routes';
import { CURATED_HISTORY_LIMIT } from '../../core/curation/history';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import type { DemoCompany } from '../../infra/local/demo/universe';
import { LOCAL_GRAPHQL_API_KEY } from '../../infra/local/stack';
import { curationCallers, testEditor, type CurationCallers } from '../support/curation-callers';
import { seedOwnCompanies } from '../support/own-companies';
import { sharedStack, type SharedStack } from '../support/shared-stack';

/**
 * Curation of company descriptions over HTTP on the local product: GraphQL with the user pool as
 * the second auth mode, core's permission rule per action and ISIN, versioned writes with an audit
 * trail, and the public page showing the change at once. On the shared stack, the two companies
 * are the file's own, and so are the administrator and the editors.
 */
let companyA: DemoCompany;
let A: { isin: string; symbol: string };
let B: { isin: string; symbol: string };

/** Editors made by the test as an administrator would, each with a set of its own. */
const admin = { email: '' };
const UPDATER = { email: '' };
const READER = { email: '' };

const withDescription = (lists: Partial<Record<'read' | 'update', string[]>>): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, DESCRIPTION: { ...set.DESCRIPTION, ...lists } };
};

const FIELDS = 'isin text version updatedAt updatedBy';
const UPDATE = `mutation U($isin: ID!, $text: String!, $version: Int!) {
  updateDescription(isin: $isin, text: $text, version: $version) { ${FIELDS} } }`;
const READ = `query R($isin: ID!) { curatedDescription(isin: $isin) { ${FIELDS} } }`;

describe('curation of descriptions (GraphQL, local product)', () => {
  let curation: CurationCallers;
  let stack: SharedStack;
  const graphql: CurationCallers['graphql'] = (...args) => curation.graphql(...args);
  const as = (who: string) => curation.as(who);
  const publicKey = { apiKey: LOCAL_GRAPHQL_API_KEY };

  const read = async (isin: string) =>
    (await graphql(as('admin'), READ, { isin })).data?.curatedDescription as {
      text: string;
      version: number;
    };
  const update = (who: string, isin: string, text: string, version: number) =>
    graphql(as(who), UPDATE, { isin, text, version });

  beforeAll(async () => {
    const [a, b] = (await seedOwnCompanies(sharedStack(), 'DE', 2)) as [DemoCompany, DemoCompany];
    companyA = a;
    A = { isin: a.profile.isin, symbol: a.profile.symbol };
    B = { isin: b.profile.isin, symbol: b.profile.symbol };
    const updater = testEditor('describer', withDescription({ read: [A.isin], update: [A.isin] }));
    const reader = testEditor('reader', withDescription({ read: [A.isin] }));
    UPDATER.email = updater.email;
    READER.email = reader.email;
    curation = await curationCallers({ tag: 'descriptions', editors: [updater, reader] });
    admin.email = curation.admin.email;
    stack = curation.stack;
  });

  it('an admin update shows at once on the public page (REST profile and GraphQL stock)', async () => {
    const before = await read(A.isin);
    expect(before).toMatchObject({ version: 0, text: companyA.profile.description });
    const answer = await update('admin', A.isin, '  Admin wrote this.  ', 0);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.updateDescription).toMatchObject({
      text: 'Admin wrote this.',
      version: 1,
      updatedBy: admin.email,
    });
    const rest = await fetch(`${stack.url}/api/asset/stocks/profile/${A.symbol}`);
    expect(rest.status).toBe(200);
    const profile = (await rest.json()) as Envelope<{ description: string }>;
    expect(profile.data[0]?.description).toBe('Admin wrote this.');
    const publicStock = await graphql(
      publicKey,
      `{ stock(symbol: "${A.symbol}") { description } }`,
    );
    expect(publicStock.data?.stock).toEqual({ description: 'Admin wrote this.' });
  });

  it('refuses a stale version with Conflict and loses nothing', async () => {
    const { version, text } = await read(A.isin);
    const stale = await update('admin', A.isin, 'Written from a stale copy', version - 1);
    expect(stale.errors?.[0]).toMatchObject({
      errorType: 'Conflict',
      message: expect.stringMatching(/changed by someone else: reload and reapply/),
    });
    expect(await read(A.isin)).toMatchObject({ version, text });
  });

  it('lets exactly one of 20 concurrent updates at the same version win', async () => {
    const { version } = await read(A.isin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => update('admin', A.isin, `Racer ${i}`, version)),
    );
    const winners = answers.filter((a) => a.data?.updateDescription);
    const losers = answers.filter((a) => a.errors?.[0]?.errorType === 'Conflict');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    const after = await read(A.isin);
    expect(after.version).toBe(version + 1);
    expect(after.text).toBe((winners[0]!.data!.updateDescription as { text: string }).text);
  });

  it('lets an editor update the ISIN of their set and refuses another (nothing written)', async () => {
    const { version } = await read(A.isin);
    const onA = await update(UPDATER.email, A.isin, 'The editor wrote this.', version);
    expect(onA.data?.updateDescription).toMatchObject({ updatedBy: UPDATER.email });
    const bBefore = await read(B.isin);
    const onB = await update(UPDATER.email, B.isin, 'Not mine to write', bBefore.version);
    expect(onB.errors?.[0]?.errorType).toBe('Forbidden');
    expect(await read(B.isin)).toEqual(bBefore);
  });

  it('lets an editor with read only read, and refuses their update', async () => {
    const answer = await graphql(as(READER.email), READ, { isin: A.isin });
    expect(answer.data?.curatedDescription).toMatchObject({ text: 'The editor wrote this.' });
    const { version } = await read(A.isin);
    const refused = await update(READER.email, A.isin, 'Reader tries', version);
    expect(refused.errors?.[0]?.errorType).toBe('Forbidden');
    expect((await read(A.isin)).version).toBe(version);
  });

  it('refuses the mutation with the API key alone, and invalid text naming the field', async () => {
    const { version } = await read(A.isin);
    const withKey = await graphql(publicKey, UPDATE, { isin: A.isin, text: 'Key', version });
    // Refused by the auth mode (AppSync's message), before the resolver runs.
    expect(withKey.errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: 'Not Authorized to access updateDescription on type Mutation',
    });
    const html = await update('admin', A.isin, '<script>alert(1)</script>', version);
    expect(html.status).toBe(200);
    expect(html.errors?.[0]).toMatchObject({
      errorType: 'BadRequest',
      message: expect.stringMatching(/^text: /),
    });
    expect((await read(A.isin)).version).toBe(version);
  });

  it('lists the history with who and when, and restores a version', async () => {
    const history = await graphql(
      as('admin'),
      `
        query H($isin: ID!) {
          descriptionHistory(isin: $isin) {
            version
            before
            after
            updatedAt
            updatedBy
          }
        }
      `,
      { isin: A.isin },
    );
    const entries = history.data?.descriptionHistory as {
      version: number;
      after: string;
      updatedBy: string;
      updatedAt: string;
    }[];
    const { version } = await read(A.isin);
    expect(entries.map((e) => e.version)).toEqual(
      Array.from({ length: version }, (_, i) => version - i),
    );
    expect(entries.at(-1)).toMatchObject({ after: 'Admin wrote this.', updatedBy: admin.email });
    expect(Date.parse(entries[0]!.updatedAt)).not.toBeNaN();
    const restored = await graphql(
      as('admin'),
      `mutation { restoreDescription(isin: "${A.isin}", version: 1, expectedVersion: ${version}) {
        text version } }`,
    );
    expect(restored.data?.restoreDescription).toEqual({
      text: 'Admin wrote this.',
      version: version + 1,
    });
  });

  it(`keeps only the last ${CURATED_HISTORY_LIMIT} versions`, async () => {
    let { version } = await read(B.isin);
    for (let i = 0; i < CURATED_HISTORY_LIMIT + 3; i += 1) {
      const answer = await update('admin', B.isin, `Version text ${i}`, version);
      expect(answer.errors).toBeUndefined();
      version += 1;
    }
    const history = await graphql(
      as('admin'),
      `{ descriptionHistory(isin: "${B.isin}") { version } }`,
    );
    const versions = (history.data?.descriptionHistory as { version: number }[]).map(
      (e) => e.version,
    );
    expect(versions).toHaveLength(CURATED_HISTORY_LIMIT);
    expect(versions[0]).toBe(version);
    expect(versions.at(-1)).toBe(version - CURATED_HISTORY_LIMIT + 1);
  });
});

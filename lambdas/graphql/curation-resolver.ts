import type { AppSyncIdentityCognito, AppSyncResolverEvent } from 'aws-lambda';
import type * as z from 'zod';
import {
  GRAPHQL_CURATION_QUERIES,
  GRAPHQL_MUTATIONS,
  isCurationField,
  type GraphqlCurationField,
} from '../../core/api/graphql';
import type { AnalystService } from '../curation/analyst-service';
import type { DescriptionService } from '../curation/description-service';
import type { OverviewService } from '../curation/overview-service';
import { reviewed, type ShariahService } from '../curation/shariah-service';
import type { CuratedSheet, SheetService } from '../curation/sheet-service';
import type { StockService } from '../curation/stock-service';
import type { CuratedItem, CuratedItemVersion } from '../ports/curated-item-store';
import type { SessionRevocations } from '../ports/session-revocations';
import { callerFrom, type Caller } from '../shared/claims';
import { describeZodError, HttpError } from '../shared/http';
import { isRevoked } from '../shared/revocation';
import { awsJson } from './aws-json';
import { atGraphqlEdge, GraphqlCallerError, orNull } from './errors';

/** The curation fields' services (Cognito user-pool auth). */
export interface CurationDeps {
  readonly clock?: () => Date;
  readonly descriptions: DescriptionService;
  readonly sheets: SheetService;
  readonly analyst: AnalystService;
  readonly shariah: ShariahService;
  readonly stocks: StockService;
  readonly overview: OverviewService;
  /** Revoked sessions are refused here as on the REST APIs: AppSync only checks the signature. */
  readonly revocations: SessionRevocations;
}

const CURATION_ARGS = { ...GRAPHQL_CURATION_QUERIES, ...GRAPHQL_MUTATIONS };
type CurationArgs<F extends GraphqlCurationField> = z.infer<(typeof CURATION_ARGS)[F]>;
type CurationResolvers = {
  readonly [F in GraphqlCurationField]: (args: CurationArgs<F>, caller: Caller) => Promise<unknown>;
};

/** A sheet as the schema's CuratedSheet: its line items as AWSJSON. */
const sheetAnswer = (sheet: CuratedSheet | null) =>
  sheet && { ...sheet, sheet: awsJson(sheet.sheet) };

/** A curated item as the schema's CuratedItem and CuratedItemVersion: values as AWSJSON. */
const itemAnswer = <T>(item: CuratedItem<T> | null) =>
  item && { ...item, value: awsJson(item.value) };
const versionAnswer = <T>(entry: CuratedItemVersion<T>) => ({
  ...entry,
  before: awsJson(entry.before),
  after: awsJson(entry.after),
});

/**
 * A description as the schema's CuratedDescription and DescriptionVersion: the value is the text
 * ('' when the provider gave none).
 */
const descriptionAnswer = (item: CuratedItem<string> | null) =>
  item && {
    isin: item.isin,
    text: item.value ?? '',
    version: item.version,
    updatedAt: item.updatedAt,
    updatedBy: item.updatedBy,
  };
const descriptionVersionAnswer = (entry: CuratedItemVersion<string>) => ({
  ...entry,
  before: entry.before ?? '',
});

/**
 * The caller of a user-pool field, from the verified token's claims AppSync hands over (locally,
 * the same verifier as the REST gateway's): no identity, or a revoked session, is Unauthorized.
 */
async function curatorOf(
  event: AppSyncResolverEvent<Record<string, unknown>>,
  revocations: SessionRevocations,
  now: Date,
): Promise<Caller> {
  const claims = (event.identity as AppSyncIdentityCognito | null | undefined)?.claims as
    Record<string, unknown> | undefined;
  let caller: Caller;
  try {
    caller = callerFrom({ requestContext: { authorizer: { claims } } } as never);
  } catch (error) {
    if (error instanceof HttpError) throw new GraphqlCallerError('Unauthorized', 'Unauthorized');
    throw error;
  }
  if (isRevoked(await revocations.state(caller.sub), caller, now.getTime())) {
    throw new GraphqlCallerError('Unauthorized', 'Unauthorized');
  }
  return caller;
}

/**
 * The AppSync direct Lambda resolver of the curation fields (Cognito user-pool auth), a function
 * of its own in AWS so the public API-key fields' function keeps read-only grants. The caller
 * comes first: no identity or a revoked session is Unauthorized, and someone who curates nothing
 * is refused (Forbidden) before their input is read; then the arguments are validated (BadRequest
 * naming the field) and the service checks the permission rule per action and ISIN.
 */
export function createCurationResolver(curation: CurationDeps) {
  const {
    descriptions,
    sheets,
    analyst,
    shariah,
    stocks,
    overview,
    revocations,
    clock = () => new Date(),
  } = curation;
  const curationResolvers: CurationResolvers = {
    curatedDescription: async ({ isin }, caller) =>
      descriptionAnswer(await orNull(() => descriptions.get(caller, isin))),
    descriptionHistory: async ({ isin }, caller) =>
      (await descriptions.history(caller, isin)).map(descriptionVersionAnswer),
    updateDescription: async ({ isin, text, version }, caller) =>
      descriptionAnswer(await descriptions.update(caller, isin, text, version)),
    restoreDescription: async ({ isin, version, expectedVersion }, caller) =>
      descriptionAnswer(await descriptions.restore(caller, isin, version, expectedVersion)),
    curationSheets: ({ isin }, caller) => sheets.list(caller, isin),
    curationSheet: async ({ isin, id }, caller) =>
      sheetAnswer(await orNull(() => sheets.get(caller, isin, id))),
    sheetHistory: async ({ isin, id }, caller) =>
      (await sheets.history(caller, isin, id)).map((version) => ({
        ...version,
        before: awsJson(version.before),
        after: awsJson(version.after),
      })),
    createSheet: async ({ isin, sheet }, caller) =>
      sheetAnswer(await sheets.create(caller, isin, sheet)),
    updateSheet: async ({ isin, id, sheet, version }, caller) =>
      sheetAnswer(await sheets.update(caller, isin, id, sheet, version)),
    deleteSheet: async ({ isin, id, version }, caller) => {
      await sheets.remove(caller, isin, id, version);
      return true;
    },
    importSheets: ({ isin, sheets: imported, dryRun }, caller) =>
      sheets.import(caller, isin, imported, dryRun),
    curatedAnalyst: async ({ isin }, caller) =>
      itemAnswer(await orNull(() => analyst.get(caller, isin))),
    analystHistory: async ({ isin }, caller) =>
      (await analyst.history(caller, isin)).map(versionAnswer),
    updateAnalyst: async ({ isin, analyst: input, version }, caller) =>
      itemAnswer(await analyst.update(caller, isin, input, version)),
    restoreAnalyst: async ({ isin, version, expectedVersion }, caller) =>
      itemAnswer(await analyst.restore(caller, isin, version, expectedVersion)),
    curationStocks: (query, caller) => stocks.list(caller, query),
    curationStock: ({ isin }, caller) => orNull(() => stocks.get(caller, isin)),
    stockHistory: ({ isin }, caller) => stocks.history(caller, isin),
    createStock: ({ stock }, caller) => stocks.create(caller, stock),
    updateStock: ({ isin, profile, version }, caller) =>
      stocks.update(caller, isin, profile, version),
    setStockHidden: ({ isin, hidden, version }, caller) =>
      stocks.setHidden(caller, isin, hidden, version),
    deleteStock: async ({ isin, confirm, version }, caller) => {
      await stocks.remove(caller, isin, confirm, version);
      return true;
    },
    restoreStock: ({ isin, version, expectedVersion }, caller) =>
      stocks.restore(caller, isin, version, expectedVersion),
    curatedShariah: async ({ isin }, caller) =>
      itemAnswer(await orNull(() => shariah.get(caller, isin))),
    shariahHistory: async ({ isin }, caller) =>
      (await shariah.history(caller, isin)).map(versionAnswer),
    updateShariah: async ({ isin, shariah: input, version }, caller) =>
      itemAnswer(await shariah.update(caller, isin, reviewed(input, caller), version)),
    restoreShariah: async ({ isin, version, expectedVersion }, caller) =>
      itemAnswer(await shariah.restore(caller, isin, version, expectedVersion)),
    curationOverview: (_args, caller) => overview.overview(caller),
    restoreSheet: async ({ isin, id, version, expectedVersion }, caller) =>
      sheetAnswer(await sheets.restore(caller, isin, id, version, expectedVersion)),
  };

  return (event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> => {
    const field = event.info.fieldName;
    return atGraphqlEdge(field, async () => {
      if (!isCurationField(event.info.parentTypeName, field)) {
        throw new GraphqlCallerError(
          'BadRequest',
          `No resolver for ${event.info.parentTypeName}.${field}`,
        );
      }
      const caller = await curatorOf(event, revocations, clock());
      descriptions.assertCurator(caller);
      const parsed = CURATION_ARGS[field].safeParse(event.arguments ?? {});
      if (!parsed.success) {
        throw new GraphqlCallerError('BadRequest', describeZodError(parsed.error));
      }
      const resolve = curationResolvers[field] as (
        args: unknown,
        caller: Caller,
      ) => Promise<unknown>;
      return resolve(parsed.data, caller);
    });
  };
}

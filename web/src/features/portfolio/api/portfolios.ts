import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PortfolioView, TransactionEntry } from '@core/portfolios';
import type { createPortfolioBody } from '@core/api/portfolios';
import type * as z from 'zod';
import { toQueryNumber } from '@core/market/query-params';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { callAsUser } from '../../../lib/auth/call-as-user';
import type { ZakatChoices } from '../lib/zakat-choices';

/*
 * The user's portfolios (core/api/subscription-routes.ts /portfolios) as the signed-in user. Each
 * change sends the version the screen shows: a portfolio changed in another tab meanwhile answers
 * 409, and everything of it is read again, so the user sees what is stored before trying again.
 */

export const portfolioKeys = {
  all: ['portfolios'] as const,
  lists: (sub: string | undefined) => [...portfolioKeys.all, 'lists', sub] as const,
  one: (sub: string | undefined, id: string) => [...portfolioKeys.all, 'one', sub, id] as const,
  transactions: (sub: string | undefined, id: string) =>
    [...portfolioKeys.one(sub, id), 'transactions'] as const,
  summary: (sub: string | undefined, id: string, zakat: ZakatChoices | undefined) =>
    [...portfolioKeys.one(sub, id), 'summary', zakat ?? null] as const,
};

const useSub = () => {
  const { state } = useAuth();
  return state.isAuthenticated ? state.user?.sub : undefined;
};

/** The signed-in user's portfolios (each with `readOnly`) and their plan's limits. */
export function usePortfolios() {
  const sub = useSub();
  return useQuery(
    queryOptions({
      queryKey: portfolioKeys.lists(sub),
      queryFn: () => callAsUser(subscriptionApi, 'portfolios'),
      enabled: sub !== undefined,
    }),
  );
}

export function usePortfolioTransactions(id: string) {
  const sub = useSub();
  return useQuery({
    queryKey: portfolioKeys.transactions(sub, id),
    queryFn: () => callAsUser(subscriptionApi, 'portfolioTransactions', { params: { id } }),
    enabled: sub !== undefined,
  });
}

/** The zakat choices as the summary's query carries them (core/api/portfolios.ts). */
function zakatQuery(zakat: ZakatChoices | undefined) {
  if (!zakat) return {};
  const trading = Object.entries(zakat.methods)
    .filter(([, method]) => method === 'trading')
    .map(([symbol]) => symbol);
  return {
    zakatDate: zakat.date,
    zakatYear: zakat.year,
    nisabMetal: zakat.nisabMetal,
    pricePerGram: toQueryNumber(zakat.pricePerGram),
    otherWealth: toQueryNumber(zakat.otherWealth),
    ...(trading.length > 0 ? { trading: trading.join(',') } : {}),
  };
}

/**
 * The portfolio's summary, computed by the server from what was entered. A new zakat choice keeps
 * the figures shown until the new answer comes.
 */
export function usePortfolioSummary(id: string, zakat: ZakatChoices | undefined) {
  const sub = useSub();
  return useQuery({
    queryKey: portfolioKeys.summary(sub, id, zakat),
    queryFn: () =>
      callAsUser(subscriptionApi, 'portfolioSummary', {
        params: { id },
        query: zakatQuery(zakat),
      }),
    enabled: sub !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** A portfolio's name, currency and benchmark, as the API takes them. */
export type PortfolioSettings = z.output<typeof createPortfolioBody>;

export type PortfolioChange =
  | ({ readonly kind: 'create' } & PortfolioSettings)
  | ({ readonly kind: 'update'; readonly portfolio: PortfolioView } & PortfolioSettings)
  | { readonly kind: 'delete'; readonly portfolio: PortfolioView };

function sendPortfolio(change: PortfolioChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return callAsUser(subscriptionApi, 'createPortfolio', {
        body: { name: change.name, currency: change.currency, benchmark: change.benchmark },
      });
    case 'update':
      return callAsUser(subscriptionApi, 'updatePortfolio', {
        params: { id: change.portfolio.id },
        body: {
          name: change.name,
          currency: change.currency,
          benchmark: change.benchmark,
          version: change.portfolio.version,
        },
      });
    case 'delete':
      return callAsUser(subscriptionApi, 'deletePortfolio', {
        params: { id: change.portfolio.id },
      });
  }
}

/**
 * Creating, renaming and deleting portfolios: never retried (a click runs once); whatever it
 * answers, the portfolios are read again.
 */
export function usePortfolioChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendPortfolio,
    onSettled: () => client.invalidateQueries({ queryKey: portfolioKeys.all }),
  });
}

export type TransactionChange =
  | { readonly kind: 'add'; readonly version: number; readonly entry: TransactionEntry }
  | {
      readonly kind: 'update';
      readonly version: number;
      readonly txId: string;
      readonly entry: TransactionEntry;
    }
  | { readonly kind: 'delete'; readonly version: number; readonly txId: string };

/**
 * Adding, editing and deleting one portfolio's transactions at the version shown. Whatever it
 * answers (a 409 included), the portfolio, its transactions and its summary are read again.
 */
export function useTransactionChange(id: string) {
  const client = useQueryClient();
  const sub = useSub();
  return useMutation({
    mutationFn: (change: TransactionChange): Promise<unknown> => {
      switch (change.kind) {
        case 'add':
          return callAsUser(subscriptionApi, 'addTransaction', {
            params: { id },
            body: { version: change.version, transaction: change.entry },
          });
        case 'update':
          return callAsUser(subscriptionApi, 'updateTransaction', {
            params: { id, txId: change.txId },
            body: { version: change.version, transaction: change.entry },
          });
        case 'delete':
          return callAsUser(subscriptionApi, 'deleteTransaction', {
            params: { id, txId: change.txId },
            query: { version: String(change.version) },
          });
      }
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: portfolioKeys.one(sub, id) }),
        client.invalidateQueries({ queryKey: portfolioKeys.lists(sub) }),
      ]),
  });
}

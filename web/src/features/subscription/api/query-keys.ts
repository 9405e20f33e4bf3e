/** The subscription feature's query keys, hierarchical: invalidating `all` refreshes every one. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  allInvoices: () => [...subscriptionKeys.all, 'invoices'] as const,
  invoices: (userId: string | undefined) => [...subscriptionKeys.allInvoices(), userId] as const,
  allPreviews: () => [...subscriptionKeys.all, 'preview'] as const,
  preview: (userId: string | undefined, plan: string) =>
    [...subscriptionKeys.allPreviews(), userId, plan] as const,
  checkout: (sessionId: string) => [...subscriptionKeys.all, 'checkout', sessionId] as const,
};

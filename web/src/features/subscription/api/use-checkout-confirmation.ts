import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SUBSCRIPTION_CONFIRM_POLL_MS, SUBSCRIPTION_CONFIRM_WAIT_MS } from '@core/constants';
import { CHECKOUT_SESSION_ID, type CheckoutConfirmation } from '@core/subscription';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { confirmCheckout } from './billing';
import { subscriptionKeys } from './query-keys';

/** What /payment-success knows of its checkout. */
export type ConfirmationView =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'confirmed'; readonly confirmation: CheckoutConfirmation }
  /** The customer never finished the checkout: no payment was taken. */
  | { readonly kind: 'not-paid' }
  /** Completed, but the provider has not confirmed the payment within the wait. */
  | { readonly kind: 'gave-up' }
  /** No session id, or none of this user's (the API's 404). */
  | { readonly kind: 'not-found' }
  | { readonly kind: 'failed'; readonly error: Error; readonly retry: () => void };

const stillProcessing = (answer: CheckoutConfirmation | undefined) =>
  answer !== undefined && !answer.confirmed && answer.completed;

/**
 * Confirms the checkout the provider returned from (`session_id` of the success URL) with the
 * server, every SUBSCRIPTION_CONFIRM_POLL_MS while the payment is processing, until it is confirmed
 * or SUBSCRIPTION_CONFIRM_WAIT_MS have passed. Once confirmed, the subscription becomes the
 * session's (§4 USER_SUBSCRIPTION): header, dashboard and profile show Premium at once.
 */
export function useCheckoutConfirmation(sessionId: string | null): ConfirmationView {
  const valid = sessionId !== null && CHECKOUT_SESSION_ID.test(sessionId);
  const [deadline] = useState(() => Date.now() + SUBSCRIPTION_CONFIRM_WAIT_MS);
  const query = useQuery({
    queryKey: subscriptionKeys.checkout(sessionId ?? ''),
    queryFn: () => confirmCheckout(sessionId ?? ''),
    enabled: valid,
    refetchInterval: ({ state }) =>
      stillProcessing(state.data) && Date.now() < deadline ? SUBSCRIPTION_CONFIRM_POLL_MS : false,
  });
  const { dispatch } = useAuth();
  const client = useQueryClient();
  const confirmed = query.data?.confirmed ? query.data.subscription : null;
  useEffect(() => {
    if (!confirmed) return;
    dispatch({ type: 'USER_SUBSCRIPTION', subscription: confirmed });
    // Invoices read before the payment lack its invoice.
    void client.invalidateQueries({ queryKey: subscriptionKeys.allInvoices() });
  }, [confirmed, dispatch, client]);

  if (!valid) return { kind: 'not-found' };
  const { data, error } = query;
  if (data?.confirmed) return { kind: 'confirmed', confirmation: data };
  if (data && !data.completed) return { kind: 'not-paid' };
  if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
  if (error && data === undefined) {
    return { kind: 'failed', error, retry: () => void query.refetch() };
  }
  // The answer (or failure) that came after the deadline is the last one asked for.
  if (Math.max(query.dataUpdatedAt, query.errorUpdatedAt) >= deadline) return { kind: 'gave-up' };
  return { kind: 'waiting' };
}

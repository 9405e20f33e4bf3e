import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_CONFIRM_POLL_MS, SUBSCRIPTION_CONFIRM_WAIT_MS } from '@core/constants';
import type { CheckoutConfirmation } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { activeSubscription } from '../../../testing/subscription';
import { jsonResponse } from '../../../testing/test-utils';
import {
  CONFIRMED_TITLE,
  CONFIRMING_TITLE,
  FAILED_TITLE,
  GAVE_UP_TITLE,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  NOT_PAID_TEXT,
  NOT_PAID_TITLE,
} from './PaymentSuccessPage';

const EMAIL = 'pay@example.com';
const SESSION = 'cs_test_a1b2c3';
const PAID = activeSubscription({ currentPeriodEnd: '2026-12-24T12:00:00.000Z' });

const processing: CheckoutConfirmation = { confirmed: false, completed: true, subscription: null };
const notCompleted: CheckoutConfirmation = {
  confirmed: false,
  completed: false,
  subscription: null,
};
const confirmed: CheckoutConfirmation = { confirmed: true, completed: true, subscription: PAID };

/**
 * POST /checkout/confirm answering in turn (the last one repeats; a Response as it is); the
 * bodies it was sent.
 */
function confirmAnswers(...answers: (CheckoutConfirmation | Response)[]) {
  const bodies: unknown[] = [];
  stubApis({
    extra: {
      '/api/subscription/checkout/confirm': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        const answer = answers[Math.min(bodies.length - 1, answers.length - 1)]!;
        return answer instanceof Response ? answer : jsonResponse(answer);
      },
    },
  });
  return bodies;
}

const open = (search: string) => renderApp(`/payment-success${search}`, { signedIn: true });
const heading = () => screen.findByRole('heading', { level: 1 });
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/payment-success', () => {
  it('confirms the checkout it returned from, waits while the payment processes, then shows Premium', async () => {
    const bodies = confirmAnswers(processing, processing, confirmed);
    open(`?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: CONFIRMING_TITLE })).toBeInTheDocument();
    await wait(2 * SUBSCRIPTION_CONFIRM_POLL_MS);
    expect(await screen.findByRole('heading', { name: CONFIRMED_TITLE })).toBeInTheDocument();
    expect(bodies).toEqual([
      { sessionId: SESSION },
      { sessionId: SESSION },
      { sessionId: SESSION },
    ]);
    const card = screen.getByRole('region', { name: 'Subscription' });
    expect(card).toHaveTextContent('Premium, billed monthly');
    expect(card).toHaveTextContent('Renews on2026-12-24');
    expect(screen.getByRole('link', { name: 'Manage it on your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    // Confirmed: no more questions.
    await wait(4 * SUBSCRIPTION_CONFIRM_POLL_MS);
    expect(bodies).toHaveLength(3);

    // The session has it now: the dashboard shows Premium without a reload, and no prompt.
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    const dashboard = screen.getByRole('region', { name: 'Subscription' });
    expect(dashboard).toHaveTextContent('Premium, billed monthly');
    expect(within(dashboard).queryByRole('note')).toBeNull();
  });

  it('says a checkout that was never completed has not gone through, and stops asking', async () => {
    const bodies = confirmAnswers(notCompleted);
    open(`?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: NOT_PAID_TITLE })).toBeInTheDocument();
    expect(screen.getByText(NOT_PAID_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await wait(3 * SUBSCRIPTION_CONFIRM_POLL_MS);
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText(/successful/i)).toBeNull();
  });

  it.each([
    ['no session id', ''],
    ['something that is no session id', '?session_id=%7BCHECKOUT_SESSION_ID%7D'],
  ])('finds no checkout with %s, without asking the server', async (_, search) => {
    const bodies = confirmAnswers(confirmed);
    open(search);
    expect(await heading()).toHaveTextContent(NOT_FOUND_TITLE);
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('finds no checkout the server does not know for this user (404)', async () => {
    confirmAnswers(jsonResponse({ message: 'No such checkout session.' }, 404));
    open(`?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.queryByText(/successful|Premium is active/i)).toBeNull();
  });

  it('stops after the wait and says the payment is still being confirmed', async () => {
    const bodies = confirmAnswers(processing);
    open(`?session_id=${SESSION}`);
    await screen.findByRole('heading', { name: CONFIRMING_TITLE });
    await wait(SUBSCRIPTION_CONFIRM_WAIT_MS + SUBSCRIPTION_CONFIRM_POLL_MS);
    expect(await screen.findByRole('heading', { name: GAVE_UP_TITLE })).toBeInTheDocument();
    const asked = bodies.length;
    expect(asked).toBeGreaterThanOrEqual(
      SUBSCRIPTION_CONFIRM_WAIT_MS / SUBSCRIPTION_CONFIRM_POLL_MS,
    );
    expect(asked).toBeLessThanOrEqual(
      SUBSCRIPTION_CONFIRM_WAIT_MS / SUBSCRIPTION_CONFIRM_POLL_MS + 2,
    );
    await wait(5 * SUBSCRIPTION_CONFIRM_POLL_MS);
    expect(bodies).toHaveLength(asked);
  });

  it('says when the confirmation could not be asked for, and tries again on request', async () => {
    confirmAnswers(jsonResponse({ message: 'Service unavailable' }, 503), confirmed);
    open(`?session_id=${SESSION}`);
    expect(await screen.findByRole('heading', { name: FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: CONFIRMED_TITLE })).toBeInTheDocument();
  });
});

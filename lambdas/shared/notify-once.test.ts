import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CLAIM_STALE_MS } from '../../core/notifications';
import { InMemoryNotificationLedger } from '../adapters/testing/memory/notification-ledger';
import type { Email } from '../ports/email-sender';
import { NotifyOnce, type Notice } from './notify-once';

const notice = (invoiceId = 'in_1', attempt = 1): Notice => ({
  sub: 'ann',
  cause: { kind: 'payment-failed', invoiceId, attempt },
  email: { to: 'ann@example.com', subject: 'Your payment did not go through', text: '…' },
});

function setUp() {
  const clock = { ms: 1_000_000 };
  const sent: Email[] = [];
  let failNext = false;
  const ledger = new InMemoryNotificationLedger();
  const notify = new NotifyOnce({
    ledger,
    email: {
      send: async (email) => {
        // Let every concurrent caller reach its claim before this send settles.
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (failNext) {
          failNext = false;
          throw new Error('SES throttled');
        }
        sent.push(email);
      },
    },
    now: () => clock.ms,
  });
  return { clock, sent, notify, ledger, failOnce: () => (failNext = true) };
}

describe('NotifyOnce', () => {
  it('sends one e-mail for concurrent reports of one cause, and again for another cause', async () => {
    const { notify, sent } = setUp();
    const results = await Promise.all([notify.email(notice()), notify.email(notice())]);
    expect(results.sort()).toEqual([false, true]);
    expect(sent).toHaveLength(1);
    expect(await notify.email(notice())).toBe(false);
    expect(await notify.email(notice('in_1', 2))).toBe(true);
    expect(await notify.email({ ...notice(), sub: 'bob' })).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('gives up the claim when the send fails, so a retry of the cause sends it', async () => {
    const { notify, sent, failOnce } = setUp();
    failOnce();
    await expect(notify.email(notice())).rejects.toThrow('SES throttled');
    expect(sent).toHaveLength(0);
    expect(await notify.email(notice())).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('takes over a claim left unfinished by a sender that died, once it is stale', async () => {
    const { notify, sent, ledger, clock } = setUp();
    await ledger.claim('ann', 'payment-failed#in_1#1', clock.ms, NOTIFICATION_CLAIM_STALE_MS);
    expect(await notify.email(notice())).toBe(false);
    clock.ms += NOTIFICATION_CLAIM_STALE_MS + 1;
    expect(await notify.email(notice())).toBe(true);
    expect(sent).toHaveLength(1);
  });
});

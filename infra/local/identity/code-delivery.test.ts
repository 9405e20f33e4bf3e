import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { describe, expect, it } from 'vitest';
import { maskedEmail, undeliverable } from './code-delivery';

const servicesWith = (PreventUserExistenceErrors?: string) =>
  ({
    cognito: { getAppClient: async () => ({ PreventUserExistenceErrors }) },
  }) as unknown as Services;
const ctx = {} as Context;
const req = { ClientId: 'web', Username: 'nobody@example.com' };
const disabled = { Username: 'u1', Enabled: false } as User;

describe('code delivery for users who cannot get a code', () => {
  it('masks an address as Cognito does', () => {
    expect(maskedEmail('ann@example.com')).toBe('a***@e***');
  });

  it('with PreventUserExistenceErrors ENABLED answers as if a code went out', async () => {
    const services = servicesWith('ENABLED');
    const simulated = {
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: 'n***@e***',
      },
    };
    expect(await undeliverable(ctx, services, req, null)).toEqual(simulated);
    expect(await undeliverable(ctx, services, req, disabled)).toEqual(simulated);
    const other = await undeliverable(ctx, services, { ...req, Username: 'not-an-email' }, null);
    expect(other?.CodeDeliveryDetails.Destination).toMatch(/^\w\*\*\*@\w\*\*\*$/);
  });

  it('otherwise (LEGACY, the default) says why', async () => {
    for (const setting of ['LEGACY', undefined]) {
      const services = servicesWith(setting);
      await expect(undeliverable(ctx, services, req, null)).rejects.toMatchObject({
        code: 'UserNotFoundException',
        message: 'Username/client id combination not found.',
      });
      await expect(undeliverable(ctx, services, req, disabled)).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: 'User is disabled.',
      });
    }
  });

  it('lets an enabled user through', async () => {
    const user = { Username: 'u2', Enabled: true } as User;
    expect(await undeliverable(ctx, servicesWith('ENABLED'), req, user)).toBeUndefined();
  });
});

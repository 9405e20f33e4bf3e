import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revokeEverySession } from './global-sign-out';

const sdk = vi.hoisted(() => ({
  send: vi.fn(),
  destroy: vi.fn(),
  configs: [] as unknown[],
}));

vi.mock('@aws-sdk/client-cognito-identity-provider', () => ({
  CognitoIdentityProviderClient: class {
    constructor(config: unknown) {
      sdk.configs.push(config);
    }
    send = sdk.send;
    destroy = sdk.destroy;
  },
  GlobalSignOutCommand: class {
    constructor(readonly input: unknown) {}
  },
}));

const config = { region: 'us-east-2', userPoolId: 'us-east-2_p', userPoolClientId: 'c' };

beforeEach(() => {
  sdk.send.mockReset().mockResolvedValue({});
  sdk.destroy.mockReset();
  sdk.configs.length = 0;
});

describe('global sign-out (SPEC §7 identity service)', () => {
  it("asks the region's user-pool service to sign the access token's user out everywhere", async () => {
    await revokeEverySession(config, 'access-1');
    expect(sdk.configs).toEqual([{ region: 'us-east-2', maxAttempts: 3 }]);
    expect(sdk.send.mock.calls[0]![0]).toMatchObject({ input: { AccessToken: 'access-1' } });
    expect(sdk.destroy).toHaveBeenCalled();
  });

  it('uses the local identity endpoint when the configuration names one', async () => {
    await revokeEverySession({ ...config, identityEndpoint: 'http://identity.test' }, 'a');
    expect(sdk.configs[0]).toMatchObject({ endpoint: 'http://identity.test' });
  });

  it("rejects with the service's refusal instead of claiming success", async () => {
    const refused = Object.assign(new Error('Access Token has been revoked'), {
      name: 'NotAuthorizedException',
    });
    sdk.send.mockRejectedValue(refused);
    await expect(revokeEverySession(config, 'a')).rejects.toBe(refused);
    expect(sdk.destroy).toHaveBeenCalled();
  });
});

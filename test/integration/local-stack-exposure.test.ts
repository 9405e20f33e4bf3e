import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_REGION } from '../../infra/local/aws-local';
import { DEV_EXPIRE_PATH } from '../../infra/local/dev-identity';
import { LOCAL_USER_FILES_BUCKET } from '../../infra/local/s3-local';
import { ensureDemoAccount, identityClient } from '../../infra/local/identity/bootstrap';
import { PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts';
import { lanIpv4Address, rawRequest, tryConnect, type RawResponse } from '../support/raw-http';
import { sharedStack } from '../support/shared-stack';
import { signIn } from '../support/sign-in';

/** A user of the file's own, made as an administrator makes one (nothing sent, nothing open). */
const ownAccount = (tag: string) => ({
  email: uniqueEmail(tag),
  password: PASSWORD,
  phoneNumber: uniquePhone(),
});
/** Read and signed in by the identity checks. */
const demoUser = ownAccount('exposure-reader');
/** Never signs in: the developer control finds nothing of theirs to expire. */
const quietUser = ownAccount('exposure-quiet');
const lan = lanIpv4Address();
const EVIL = 'http://evil.example';

/**
 * What the LAN and the web pages a developer has open can reach of the running local product (the
 * shared stack: its addresses and guards are those of any start).
 */
describe('the local stack, seen from the network and from other web pages', () => {
  const stack = sharedStack();
  const port = (url: string) => Number(new URL(url).port);

  beforeAll(async () => {
    const identity = identityClient(stack.endpoints.identity);
    for (const account of [demoUser, quietUser]) {
      await ensureDemoAccount(identity, stack.pool.userPoolId, account);
    }
    identity.destroy();
  });

  it.skipIf(!lan)(
    `every service answers on loopback and refuses connections on the LAN address (${lan ?? 'none'})`,
    async () => {
      const services = { product: stack.url, ...stack.endpoints, stripe: stack.stripe.url };
      for (const [name, url] of Object.entries(services)) {
        expect(`${name}: ${await tryConnect('127.0.0.1', port(url))}`).toBe(`${name}: connected`);
        expect(`${name}: ${await tryConnect(lan!, port(url))}`).toBe(`${name}: ECONNREFUSED`);
      }
    },
  );

  it('DynamoDB Local answers only requests addressed to it by a loopback name (DNS rebinding)', async () => {
    const listTables = (host: string) =>
      rawRequest(stack.endpoints.dynamodb, {
        method: 'POST',
        headers: {
          Host: `${host}:${port(stack.endpoints.dynamodb)}`,
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.ListTables',
          Authorization:
            'AWS4-HMAC-SHA256 Credential=local/20250101/us-east-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        body: '{}',
      });
    const own = await listTables('127.0.0.1');
    expect(own.status).toBe(200);
    expect(own.body).toContain('TableNames');
    const rebound = await listTables('evil.example');
    expect(rebound.status).toBe(404);
    expect(rebound.body).not.toContain('TableNames');
  });

  it('every listener refuses a request addressed to another host name (DNS rebinding)', async () => {
    const services = { product: stack.url, ...stack.endpoints, stripe: stack.stripe.url };
    type Probe = (host: string) => Promise<RawResponse>;
    const at = (url: string, path: string, options: Parameters<typeof rawRequest>[1] = {}) =>
      ((host) =>
        rawRequest(`${url}${path}`, {
          ...options,
          headers: { ...options.headers, Host: `${host}:${port(url)}` },
        })) satisfies Probe;
    // Each answers its own name with what it serves (Stripe's API: 401 without its key).
    const probes: Record<keyof typeof services, { probe: Probe; own: number; rebound: number }> = {
      product: { probe: at(stack.url, '/api/health'), own: 200, rebound: 403 },
      identity: { probe: at(stack.endpoints.identity, '/health'), own: 200, rebound: 403 },
      s3: {
        probe: at(stack.endpoints.s3, `/${LOCAL_USER_FILES_BUCKET}`, {
          method: 'OPTIONS',
          headers: { Origin: stack.url, 'Access-Control-Request-Method': 'POST' },
        }),
        own: 200,
        rebound: 403,
      },
      stripe: {
        probe: at(stack.stripe.url, '/v1/prices/price_premium_monthly'),
        own: 401,
        rebound: 403,
      },
      dynamodb: {
        probe: at(stack.endpoints.dynamodb, '/', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-amz-json-1.0',
            'X-Amz-Target': 'DynamoDB_20120810.ListTables',
            // DynamoDB Local wants one, whatever it says.
            Authorization:
              'AWS4-HMAC-SHA256 Credential=local/20250101/us-east-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
          },
          body: '{}',
        }),
        own: 200,
        rebound: 404, // Jetty's virtual hosts (dynamodb-local.jetty.xml): no such site
      },
    };
    expect(Object.keys(probes).sort()).toEqual(Object.keys(services).sort());
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [name, { probe, own, rebound }] of Object.entries(probes)) {
      for (const host of ['127.0.0.1', 'localhost']) {
        answers.push(`${name} as ${host}: ${(await probe(host)).status}`);
        expected.push(`${name} as ${host}: ${own}`);
      }
      answers.push(`${name} as evil.example: ${(await probe('evil.example')).status}`);
      expected.push(`${name} as evil.example: ${rebound}`);
    }
    expect(answers).toEqual(expected);
  });

  describe('the identity service', () => {
    const api = (target: string, headers: Record<string, string> = {}, body = '{}') =>
      rawRequest(stack.endpoints.identity, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
          ...headers,
        },
        body,
      });
    const adminGetUser = () =>
      JSON.stringify({ UserPoolId: stack.pool.userPoolId, Username: demoUser.email });

    it('refuses a request addressed to another host name (DNS rebinding)', async () => {
      const answer = await rawRequest(`${stack.endpoints.identity}/health`, {
        headers: { Host: `evil.example:${port(stack.endpoints.identity)}` },
      });
      expect(answer.status).toBe(403);
      expect((await rawRequest(`${stack.endpoints.identity}/health`)).status).toBe(200);
    });

    it("lets only the product's own pages call it from a browser, never '*'", async () => {
      const preflight = (origin: string) =>
        rawRequest(stack.endpoints.identity, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type,x-amz-target',
          },
        });
      const other = await preflight(EVIL);
      expect(other.status).toBe(403);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const own = await preflight(stack.url);
      expect(own.status).toBe(204);
      expect(own.headers['access-control-allow-origin']).toBe(stack.url);

      const fromOther = await api('InitiateAuth', { Origin: EVIL });
      expect(fromOther.status).toBe(403);
      expect(fromOther.headers['access-control-allow-origin']).toBeUndefined();
      // A tool or server (no Origin) gets no CORS header at all.
      expect((await api('InitiateAuth')).headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses an admin operation that is not SigV4-signed, even from its own pages', async () => {
      const unsigned = await api('AdminGetUser', { Origin: stack.url }, adminGetUser());
      expect(unsigned.status).toBe(400);
      expect(JSON.parse(unsigned.body)).toMatchObject({
        __type: 'MissingAuthenticationTokenException',
      });
      const forged = await api(
        'AdminGetUser',
        {
          Authorization:
            'AWS4-HMAC-SHA256 Credential=local/20250101/us-east-2/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=' +
            '0'.repeat(64),
          'X-Amz-Date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        },
        adminGetUser(),
      );
      expect(JSON.parse(forged.body)).toMatchObject({ __type: 'InvalidSignatureException' });
      // Also management operations outside Admin*: listing the pool's users needs IAM in Cognito.
      const list = await api(
        'ListUsers',
        {},
        JSON.stringify({ UserPoolId: stack.pool.userPoolId }),
      );
      expect(JSON.parse(list.body)).toMatchObject({
        __type: 'MissingAuthenticationTokenException',
      });
    });

    it('accepts what the AWS SDK signs with the local key, and nothing signed with another', async () => {
      const signed = identityClient(stack.endpoints.identity);
      const user = await signed.send(
        new AdminGetUserCommand({ UserPoolId: stack.pool.userPoolId, Username: demoUser.email }),
      );
      expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(demoUser.email);
      signed.destroy();
      for (const [credentials, error] of [
        [{ accessKeyId: 'local', secretAccessKey: 'guessed' }, 'InvalidSignatureException'],
        [{ accessKeyId: 'someone', secretAccessKey: 'local' }, 'UnrecognizedClientException'],
      ] as const) {
        const client = new CognitoIdentityProviderClient({
          endpoint: stack.endpoints.identity,
          region: LOCAL_REGION,
          credentials,
          maxAttempts: 1,
        });
        await expect(
          client.send(
            new AdminGetUserCommand({
              UserPoolId: stack.pool.userPoolId,
              Username: demoUser.email,
            }),
          ),
        ).rejects.toMatchObject({ name: error });
        client.destroy();
      }
    });

    it('still signs users in without a signature (sign-in is public in Cognito)', async () => {
      const { idToken } = await signIn(
        { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox },
        demoUser.email,
        demoUser.password,
      );
      expect(idToken).toMatch(/^ey/);
    });
  });

  describe('the product server', () => {
    const expectSecurityHeaders = (answer: RawResponse, what: string) => {
      const h = answer.headers;
      expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy'], what).toContain("script-src 'self';");
      expect(h['content-security-policy'], what).toContain(stack.endpoints.identity);
      expect(h['x-content-type-options'], what).toBe('nosniff');
      expect(h['x-frame-options'], what).toBe('DENY');
      expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    };

    it('refuses a request addressed to another host name (DNS rebinding)', async () => {
      const answer = await rawRequest(`${stack.url}/api/health`, {
        headers: { Host: `evil.example:${port(stack.url)}` },
      });
      expect(answer.status).toBe(403);
      expectSecurityHeaders(answer, 'refused host');
      expect((await rawRequest(`${stack.url}/api/health`)).status).toBe(200);
      const byAddress = await rawRequest(`${stack.url}/api/health`, {
        headers: { Host: `127.0.0.1:${port(stack.url)}` },
      });
      expect(byAddress.status).toBe(200);
    });

    it('puts the security headers CloudFront adds on every answer', async () => {
      const answers: [string, RawResponse][] = [
        ['health', await rawRequest(`${stack.url}/api/health`)],
        ['API', await rawRequest(`${stack.url}/api/asset/stocks/indexes`)],
        ['API error', await rawRequest(`${stack.url}/api/subscription/user`, { method: 'POST' })],
        ['unknown path', await rawRequest(`${stack.url}/api/nowhere`)],
        ['GraphQL', await rawRequest(`${stack.url}/graphql`, { method: 'POST', body: '{}' })],
        ['config', await rawRequest(`${stack.url}/config.json`)],
        ['outbox page', await rawRequest(`${stack.url}/dev/outbox`)],
        ['dev control', await rawRequest(`${stack.url}${DEV_EXPIRE_PATH}`, { method: 'POST' })],
      ];
      for (const [what, answer] of answers) expectSecurityHeaders(answer, what);
    });

    it('takes changes to /dev/ controls only as JSON POSTs from its own pages or a tool', async () => {
      const expire = (headers: Record<string, string>) =>
        rawRequest(`${stack.url}${DEV_EXPIRE_PATH}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email: quietUser.email }),
        });
      const json = { 'Content-Type': 'application/json' };
      // Another page: a JSON fetch (after a preflight this server never grants) or a form post.
      expect((await expire({ ...json, Origin: EVIL })).status).toBe(403);
      expect((await expire({ ...json, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
      expect((await expire({ 'Content-Type': 'text/plain', Origin: EVIL })).status).toBe(415);
      expect((await expire({ 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(
        415,
      );
      // Its own page, and curl: through to the control (nothing open to expire: 404).
      expect(
        (await expire({ ...json, Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' })).status,
      ).toBe(404);
      expect((await expire(json)).status).toBe(404);
      // The outbox stays a page anyone on this machine can read.
      const outbox = await rawRequest(`${stack.url}/dev/outbox`);
      expect(outbox.status).toBe(200);
      expect(outbox.headers['content-type']).toContain('text/html');
    });
  });
});

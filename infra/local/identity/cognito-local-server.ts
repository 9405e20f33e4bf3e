import { createServer as createHttpServer } from 'node:http';
import pino from 'pino';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { DateClock, type Clock } from 'cognito-local/lib/services/clock';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { LambdaService } from 'cognito-local/lib/services/lambda';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { MessagesService } from 'cognito-local/lib/services/messages';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { TriggersService } from 'cognito-local/lib/services/triggers/triggers';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import { DefaultConfig } from 'cognito-local/lib/server/config';
import { createServer } from 'cognito-local/lib/server/server';
import type { Services } from 'cognito-local/lib/services';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../aws-local';
import { LOOPBACK_HOST } from '../loopback';
import type { Outbox } from '../outbox';
import { caseInsensitiveUserPools } from './case-insensitive-users';
import { guardIdentityService } from './identity-http';
import { identityRouter } from './identity-router';
import { withOriginJti } from './origin-jti';
import { withPoolEndpoints } from './pool-endpoints';
import { installSigningKey, signingKeyFile } from './signing-key';
import { OutboxMessageSender } from './outbox-message-sender';
import { userFor } from './user-lookup';
import type { SignInStores } from '../../../lambdas/auth-triggers/sign-in-stores';

export interface IdentityServerOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly outbox: Outbox;
  /** The users table: post-confirmation records and the custom-auth triggers' state. */
  readonly stores: SignInStores;
  /** The service's time (default the system's); tests that wait out lockouts move it themselves. */
  readonly clock?: Clock;
}

export interface RunningIdentityServer {
  readonly endpoint: string;
  /** This installation's signing key pair (PEM), made in the data folder on first start. */
  readonly signingKeyFile: string;
  /**
   * The origins whose pages may call the service from a browser (the product's own, once its
   * server listens); none until then.
   */
  allowOrigins(origins: readonly string[]): void;
  /**
   * Developer control: ages the open sign-in sessions and unused codes of the pool's user with
   * this username or e-mail past their lifetimes; answers how many were still live (0 when there is
   * no such user, or nothing of theirs is open).
   */
  expireForUser(userPoolId: string, usernameOrEmail: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The local identity service: cognito-local's user-pool API composed in-process with this
 * project's data directory and outbox, extended (identity-router.ts) with what it lacks: SRP,
 * CUSTOM_AUTH running the project's trigger handlers, post-confirmation, GlobalSignOut and token
 * revocation, disabled users and the password policy.
 */
export async function startIdentityServer(
  options: IdentityServerOptions,
): Promise<RunningIdentityServer> {
  const hostname = LOOPBACK_HOST;
  const endpoint = `http://${hostname}:${options.port}`;
  const logger = pino({ level: process.env.IDENTITY_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port: options.port, hostname, development: false, https: false as const },
  };
  const clock = options.clock ?? new DateClock();
  const key = await installSigningKey(options.dataDir);
  const dataStoreFactory = new StormDBDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    caseInsensitiveUserPools(new UserPoolServiceFactoryImpl(clock, dataStoreFactory)),
  ).create(ctx, config.UserPoolDefaults);
  // No trigger functions are configured through cognito-local's Lambda client: it is never called.
  const lambda = new LambdaService({}, {} as ConstructorParameters<typeof LambdaService>[1]);
  const triggers = new TriggersService(clock, cognito, lambda, new CryptoService(config.KMSConfig));
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(
      triggers,
      new MessageDeliveryService(new OutboxMessageSender(options.outbox)),
    ),
    otp,
    tokenGenerator: withOriginJti(new JwtTokenGenerator(clock, triggers, config.TokenConfig), key),
    triggers,
  };
  const { router, expiry, flush } = await identityRouter(services, { ...options, key });
  const { application } = createServer(router, logger, config.ServerConfig, services);
  let origins: readonly string[] = [];
  const http = createHttpServer(
    guardIdentityService(withPoolEndpoints(application, key), {
      port: options.port,
      allowedOrigins: () => origins,
      key: { ...LOCAL_CREDENTIALS, region: LOCAL_REGION, service: 'cognito-idp' },
    }),
  );
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, hostname, () => resolve());
  });
  return {
    endpoint,
    signingKeyFile: signingKeyFile(options.dataDir),
    allowOrigins: (allowed) => {
      origins = [...allowed];
    },
    expireForUser: async (userPoolId, usernameOrEmail) => {
      const address = { UserPoolId: userPoolId, Username: usernameOrEmail };
      const { user } = await userFor(ctx, services, address);
      return user ? expiry.expireForUser(user) : 0;
    },
    stop: async () => {
      await new Promise<void>((resolve, reject) => {
        http.closeAllConnections?.();
        http.close((error) => (error ? reject(error) : resolve()));
      });
      // A revocation being written when the server stops still reaches the disk.
      await flush();
    },
  };
}

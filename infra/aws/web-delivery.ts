import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Fn, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ACCOUNT_API } from '../../core/api/account';
import { STRIPE_WEBHOOK_API } from '../../core/api/stripe-webhook';
import {
  FRAME_OPTIONS,
  HASHED_ASSET_CACHE_CONTROL,
  HASHED_ASSETS_DIR,
  PAGE_CACHE_CONTROL,
  REFERRER_POLICY,
} from '../../core/site-delivery';
import { contentSecurityPolicy } from './content-security-policy';
import { acknowledgeLambdaBasicExecution } from './nag-acknowledgements';
import { SPA_REWRITE_FUNCTION, stripPrefixFunction } from './spa-rewrite';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface WebDeliveryProps {
  readonly assetApi: apigateway.RestApi;
  readonly subscriptionApi: apigateway.RestApi;
  readonly adminQueriesApi: apigateway.RestApi;
  readonly accountApi: apigateway.RestApi;
  /** Stripe's events (POST /api/stripe/webhook), same-origin like every API. */
  readonly stripeWebhookApi: apigateway.RestApi;
  readonly graphqlApi: appsync.GraphqlApi;
  /** The user-files bucket the SPA posts CSV uploads to (its regional domain joins connect-src). */
  readonly userFilesBucket: s3.IBucket;
  /** Written next to index.html as /config.json: what the SPA needs to reach the user pool. */
  readonly runtimeConfig: Record<string, string>;
  /** The CloudFront-scope WAF web ACL (its ARN; it lives in us-east-1). */
  readonly webAclId: string;
  /** Headers CloudFront adds to every request to an API origin (the origin secret). */
  readonly apiOriginHeaders: Record<string, string>;
  /** The built SPA (default web/dist); tests point it elsewhere. */
  readonly distDir?: string;
}

/** Shown instead of the SPA when it was not built before synth. */
export const PLACEHOLDER_INDEX_HTML =
  '<!doctype html><title>StockScope</title><p>Build the SPA with npm run build:web before deploying.</p>';

/**
 * The SPA's files: the build if there is one; otherwise a placeholder index.html, so `cdk synth`
 * (and the CDK tests) work without `npm run build:web` — a deploy builds first.
 */
export function spaSource(distDir: string): s3deploy.ISource {
  return existsSync(join(distDir, 'index.html'))
    ? s3deploy.Source.asset(distDir)
    : s3deploy.Source.data('index.html', PLACEHOLDER_INDEX_HTML);
}

/**
 * The public site: the built SPA in a private bucket behind CloudFront (origin access control),
 * with the APIs on the same origin (/api/asset/*, /api/subscription/*, /api/admin/*, /graphql),
 * security headers on every answer, and the SPA's routes served index.html.
 *
 * - SPA routes: a viewer-request function on the default behaviour rewrites routes to
 *   /index.html (spa-rewrite.ts). No 403/404 error responses: they would apply to the API
 *   behaviours too and turn an API's 404 into a 200 page.
 * - API prefixes: each REST API's origin is its stage (RestApiOrigin sets origin path /prod) and
 *   a small viewer-request function strips /api/<name>. Mapping the path patterns instead would
 *   mean nesting every API's resources under /api/<name> in API Gateway, so the APIs' own paths
 *   (SPEC §7: /stocks/…, /user) would differ from what their handlers and the local stack serve.
 * - Without web/dist/index.html at synth time (no `npm run build:web` yet) the bucket gets a
 *   one-line placeholder page, so `cdk synth` and the tests work without a build.
 */
export class WebDelivery extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebDeliveryProps) {
    super(scope, id);
    const logs = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket receives the CloudFront and site-bucket access logs; logging it to itself would loop.',
    });

    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });

    // https://<id>.appsync-api.<region>.amazonaws.com/graphql → the host name.
    const graphqlHost = Fn.select(2, Fn.split('/', props.graphqlApi.graphqlUrl));
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        // The values of core/site-delivery.ts, which the local server sends too.
        frameOptions: {
          frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption,
          override: true,
        },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            region: Stack.of(this).region,
            appsyncHost: graphqlHost,
            userFilesHost: props.userFilesBucket.bucketRegionalDomainName,
            // Google's hosts exactly when the SPA is told to use them.
            analytics: props.runtimeConfig.analyticsId !== undefined,
          }),
          override: true,
        },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for SPA routes',
    });
    const strip = (name: string, prefix: string) =>
      new cloudfront.Function(this, name, {
        code: cloudfront.FunctionCode.fromInline(stripPrefixFunction(prefix)),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
        comment: `Strip ${prefix} before the API origin`,
      });

    // Public market data: cached as the API's Cache-Control says, keyed by the query string.
    const assetCache = new cloudfront.CachePolicy(this, 'AssetApiCache', {
      comment: 'Asset API: honour origin Cache-Control, vary on the query string',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const privateApi = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    // Every API origin gets the headers: the APIs' web ACL blocks requests without the secret.
    const apiOrigin = { customHeaders: props.apiOriginHeaders };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'StockScope public site',
      webAclId: props.webAclId,
      defaultRootObject: 'index.html',
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        // LIST as well as READ: a missing file is then S3's 404, not a 403 that reads as "denied".
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/asset/*': {
          origin: new origins.RestApiOrigin(props.assetApi, apiOrigin),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: assetCache,
          responseHeadersPolicy: headers,
          functionAssociations: [
            {
              function: strip('StripAsset', '/api/asset'),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        '/api/subscription/*': {
          ...privateApi,
          origin: new origins.RestApiOrigin(props.subscriptionApi, apiOrigin),
          functionAssociations: [
            {
              function: strip('StripSubscription', '/api/subscription'),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        '/api/admin/*': {
          ...privateApi,
          origin: new origins.RestApiOrigin(props.adminQueriesApi, apiOrigin),
          functionAssociations: [
            {
              function: strip('StripAdmin', '/api/admin'),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        [`${ACCOUNT_API.prefix}/*`]: {
          ...privateApi,
          origin: new origins.RestApiOrigin(props.accountApi, apiOrigin),
          functionAssociations: [
            {
              function: strip('StripAccount', ACCOUNT_API.prefix),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        [`${STRIPE_WEBHOOK_API.prefix}/*`]: {
          // Every viewer header reaches the API, Stripe-Signature included; the body unchanged.
          ...privateApi,
          origin: new origins.RestApiOrigin(props.stripeWebhookApi, apiOrigin),
          functionAssociations: [
            {
              function: strip('StripStripe', STRIPE_WEBHOOK_API.prefix),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        '/graphql': {
          ...privateApi,
          origin: new origins.HttpOrigin(graphqlHost, apiOrigin),
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'The product serves investors worldwide (the markets of 9 countries); there is no country it must not be seen from.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate until a custom domain is attached; minimumProtocolVersion TLSv1.2_2021 applies as soon as one is.',
      },
    );

    // Hashed build files never change: browsers keep them a year. The pages that name them
    // (index.html, config.json, root files) are revalidated on every load, and are copied after
    // the assets, so a page never names a file that is not there yet. The local server answers
    // with the same Cache-Control values (core/site-delivery.ts).
    const spa = spaSource(props.distDir ?? WEB_DIST);
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [spa],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(HASHED_ASSET_CACHE_CONTROL)],
      prune: false,
      memoryLimit: 512,
    });
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [spa, s3deploy.Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: [`${HASHED_ASSETS_DIR}/*`],
      cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      prune: false,
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        acknowledgeLambdaBasicExecution(child);
        Validations.of(child).acknowledge(
          ...[
            'Action::s3:GetObject*',
            'Action::s3:GetBucket*',
            'Action::s3:List*',
            'Action::s3:DeleteObject*',
            'Action::s3:Abort*',
            `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*`,
            `Resource::<${stack.getLogicalId(this.bucket.node.defaultChild as CfnElement)}.Arn>/*`,
            'Resource::*',
          ].map((finding) => ({
            id: `AwsSolutions-IAM5[${finding}]`,
            reason:
              'CDK’s BucketDeployment helper copies the build from the CDK asset bucket into the site bucket and invalidates the distribution: object wildcards are inherent to copying a folder, and CloudFront invalidation has no resource-level permission.',
          })),
          {
            id: 'AwsSolutions-L1',
            reason: 'The runtime of CDK’s BucketDeployment helper is chosen by aws-cdk-lib.',
          },
        );
      }
    }
  }
}

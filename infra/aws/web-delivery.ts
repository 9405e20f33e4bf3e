import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Duration, Fn, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import type * as appsync from 'aws-cdk-lib/aws-appsync';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { SPA_REWRITE_FUNCTION, stripPrefixFunction } from './spa-rewrite';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface WebDeliveryProps {
  readonly assetApi: apigateway.RestApi;
  readonly subscriptionApi: apigateway.RestApi;
  readonly adminQueriesApi: apigateway.RestApi;
  readonly graphqlApi: appsync.GraphqlApi;
  /** Written next to index.html as /config.json: what the SPA needs to reach the user pool. */
  readonly runtimeConfig: Record<string, string>;
}

/**
 * The public site: the built SPA in a private bucket behind CloudFront (origin access control),
 * with the APIs on the same origin (/api/asset/*, /api/subscription/*, /graphql), security
 * headers on every answer, and the SPA's routes served index.html.
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

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: [
            "default-src 'self'",
            "script-src 'self' https://js.stripe.com",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self'",
            `connect-src 'self' https://cognito-idp.${Stack.of(this).region}.amazonaws.com https://*.appsync-api.${Stack.of(this).region}.amazonaws.com`,
            'frame-src https://js.stripe.com https://hooks.stripe.com',
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
          ].join('; '),
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

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'StockScope public site',
      defaultRootObject: 'index.html',
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/asset/*': {
          origin: new origins.RestApiOrigin(props.assetApi),
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
          origin: new origins.RestApiOrigin(props.subscriptionApi),
          functionAssociations: [
            {
              function: strip('StripSubscription', '/api/subscription'),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        '/api/admin/*': {
          ...privateApi,
          origin: new origins.RestApiOrigin(props.adminQueriesApi),
          functionAssociations: [
            {
              function: strip('StripAdmin', '/api/admin'),
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            },
          ],
        },
        '/graphql': {
          ...privateApi,
          // https://<id>.appsync-api.<region>.amazonaws.com/graphql → the host name.
          origin: new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.graphqlApi.graphqlUrl))),
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
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL at launch: the APIs are throttled per stage and the asset API is cached; a managed-rules web ACL can be attached later without code changes.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate until a custom domain is attached; minimumProtocolVersion TLSv1.2_2021 applies as soon as one is.',
      },
    );

    const sources = [
      existsSync(`${WEB_DIST}/index.html`)
        ? s3deploy.Source.asset(WEB_DIST)
        : // `cdk synth` must work without a build; a deploy runs `npm run build:web` first.
          s3deploy.Source.data(
            'index.html',
            '<!doctype html><title>StockScope</title><p>Build the SPA with npm run build:web before deploying.</p>',
          ),
      s3deploy.Source.jsonData('config.json', props.runtimeConfig),
    ];
    const deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
      sources,
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      prune: false,
      memoryLimit: 512,
    });
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        Validations.of(child).acknowledge(
          {
            id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
            reason:
              'CDK’s BucketDeployment helper function writes only its own logs with the AWS-managed basic execution policy.',
          },
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
    void deployment;
  }
}

import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { visibility, type WafRule } from './waf-rules';

export interface WebAclProps {
  /** Names the metrics and the log group (aws-waf-logs-<name>); unique per account and region. */
  readonly name: string;
  /** CLOUDFRONT (only in us-east-1) or REGIONAL (API Gateway, AppSync, Cognito). */
  readonly scope: 'CLOUDFRONT' | 'REGIONAL';
  readonly description: string;
  readonly rules: readonly WafRule[];
  /** Headers whose values never reach the log (tokens, the origin secret). */
  readonly redactedHeaders?: readonly string[];
}

/**
 * A WAF web ACL that allows what no rule blocks, with CloudWatch metrics per rule and for the ACL,
 * and a log of the requests it blocked or counted (allowed ones are dropped: they are the bulk and
 * the access logs have them), kept 3 months in CloudWatch Logs for operators' searches and alarms.
 */
export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;
  /** The ACL's metric name (WebACL dimension of its CloudWatch metrics). */
  readonly name: string;
  readonly scope: WebAclProps['scope'];

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    this.name = props.name;
    this.scope = props.scope;
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      scope: props.scope,
      description: props.description,
      defaultAction: { allow: {} },
      rules: [...props.rules],
      visibilityConfig: visibility(props.name),
    });

    // WAF only logs to groups named aws-waf-logs-*. The stack is replaceable, so the named group
    // goes with it: one left behind would block the stack's re-creation.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${props.name}`,
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      // WAF wants the group's ARN without the ':*' suffix of LogGroup.logGroupArn.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: props.redactedHeaders?.map((name) => ({
        singleHeader: { Name: name.toLowerCase() },
      })),
      // An `any`-typed CloudFormation property: written as CloudFormation spells it.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [
              { ActionCondition: { Action: 'BLOCK' } },
              { ActionCondition: { Action: 'COUNT' } },
            ],
          },
        ],
      },
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }

  /** Puts the ACL in front of a regional resource (API Gateway stage, AppSync API, user pool). */
  associate(id: string, resourceArn: string): wafv2.CfnWebACLAssociation {
    return new wafv2.CfnWebACLAssociation(this, `Protects${id}`, {
      webAclArn: this.acl.attrArn,
      resourceArn,
    });
  }
}

import type { Template } from 'aws-cdk-lib/assertions';

export type Statement = {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  NotResource?: unknown;
};

/** The statements of every policy attached to the role of the function with this logical id. */
export function roleStatements(template: Template, functionLogicalId: string): Statement[] {
  const fn = template.findResources('AWS::Lambda::Function')[functionLogicalId] as
    { Properties: { Role: { 'Fn::GetAtt': [string, string] } } } | undefined;
  if (!fn) throw new Error(`No function ${functionLogicalId} in the template`);
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .map(
      (p) =>
        p as {
          Properties: { Roles: { Ref: string }[]; PolicyDocument: { Statement: Statement[] } };
        },
    )
    .filter((p) => p.Properties.Roles.some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

export const actionsOf = (statements: readonly Statement[]): string[] =>
  statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

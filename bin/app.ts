/** The CDK app (`npx cdk synth|deploy`): the product's stacks in us-east-2, checked by cdk-nag. */
import { App } from 'aws-cdk-lib';
import { buildApp } from '../infra/aws/app';

const app = new App();
buildApp(app);
app.synth();

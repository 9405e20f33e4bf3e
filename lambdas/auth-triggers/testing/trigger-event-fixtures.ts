import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PostConfirmationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';

/** Cognito trigger events as Cognito sends them, for the unit tests of the trigger handlers. */
export type Step = DefineAuthChallengeTriggerEvent['request']['session'][number];

export const USER_ATTRIBUTES = {
  sub: '6f1c0c4e-7a0e-4c47-9c57-1f2a3b4c5d6e',
  email: 'Ann@Example.com',
  email_verified: 'true',
  phone_number: '+15551234567',
  'cognito:user_status': 'CONFIRMED',
};

const common = {
  version: '1',
  region: 'us-east-2',
  userPoolId: 'us-east-2_Example',
  userName: USER_ATTRIBUTES.sub,
  callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'web-client-id' },
};

export const srpA: Step = { challengeName: 'SRP_A', challengeResult: true };
export const passwordOk: Step = { challengeName: 'PASSWORD_VERIFIER', challengeResult: true };
export const passwordWrong: Step = { challengeName: 'PASSWORD_VERIFIER', challengeResult: false };
export const codeStep = (correct: boolean, challengeMetadata?: string): Step => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: correct,
  ...(challengeMetadata ? { challengeMetadata } : {}),
});

export const defineEvent = (
  session: Step[],
  clientMetadata?: Record<string, string>,
): DefineAuthChallengeTriggerEvent => ({
  ...common,
  triggerSource: 'DefineAuthChallenge_Authentication',
  request: {
    userAttributes: USER_ATTRIBUTES,
    session,
    ...(clientMetadata ? { clientMetadata } : {}),
  },
  response: { challengeName: '', issueTokens: false, failAuthentication: false },
});

export const createEvent = (
  session: Step[],
  userAttributes: Record<string, string> = USER_ATTRIBUTES,
): CreateAuthChallengeTriggerEvent => ({
  ...common,
  triggerSource: 'CreateAuthChallenge_Authentication',
  request: { userAttributes, challengeName: 'CUSTOM_CHALLENGE', session },
  response: {
    publicChallengeParameters: {},
    privateChallengeParameters: {},
    challengeMetadata: '',
  },
});

export const verifyEvent = (
  challengeAnswer: string,
  privateChallengeParameters: Record<string, string>,
  clientMetadata?: Record<string, string>,
  userAttributes: Record<string, string> = USER_ATTRIBUTES,
): VerifyAuthChallengeResponseTriggerEvent => ({
  ...common,
  triggerSource: 'VerifyAuthChallengeResponse_Authentication',
  request: {
    userAttributes,
    privateChallengeParameters,
    challengeAnswer,
    ...(clientMetadata ? { clientMetadata } : {}),
  },
  response: { answerCorrect: false },
});

export const postConfirmationEvent = (
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  userAttributes: Record<string, string> = USER_ATTRIBUTES,
): PostConfirmationTriggerEvent => ({
  ...common,
  triggerSource,
  request: { userAttributes },
  response: {},
});

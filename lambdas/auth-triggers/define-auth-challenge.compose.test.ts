import { describe, expect, it } from 'vitest';
import type { SignInOutcome } from '../shared/observability/names';
import { composeDefineAuthChallenge } from './define-auth-challenge.compose';
import { memoryStores } from './testing/memory-stores';
import { codeStep, defineEvent, passwordOk, srpA } from './testing/trigger-event-fixtures';

describe('composeDefineAuthChallenge', () => {
  it('reports each sign-in that ends (tokens or failure), and none that goes on', async () => {
    const outcomes: SignInOutcome[] = [];
    const define = composeDefineAuthChallenge({
      stores: memoryStores(),
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    await define(defineEvent([srpA, passwordOk]));
    await define(defineEvent([srpA, passwordOk, codeStep(true)]));
    const threeWrong = [codeStep(false), codeStep(false), codeStep(false)];
    await define(defineEvent([srpA, passwordOk, ...threeWrong]));
    expect(outcomes).toEqual(['success', 'failure']);
  });

  it('decides without a listener (the local identity service counts nothing)', async () => {
    const define = composeDefineAuthChallenge({ stores: memoryStores() });
    const { response } = await define(defineEvent([srpA, passwordOk, codeStep(true)]));
    expect(response).toMatchObject({ issueTokens: true, failAuthentication: false });
  });
});

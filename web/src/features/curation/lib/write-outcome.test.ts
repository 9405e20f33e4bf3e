import { describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError } from '../../../lib/graphql-client';
import { failureOutcome } from './write-outcome';

describe('a failed curation write', () => {
  it('is a conflict, with the server’s message, when the version was stale', () => {
    expect(failureOutcome(new ConflictError('Changed by someone else'), 'Not saved:')).toEqual({
      kind: 'conflict',
      text: 'Changed by someone else',
    });
  });

  it('failed otherwise, saying what did not happen and why', () => {
    expect(failureOutcome(new BadRequestError('year: must be a number'), 'Not saved:')).toEqual({
      kind: 'failed',
      text: 'Not saved: year: must be a number',
    });
    expect(failureOutcome(new Error(''), 'Not restored:')).toEqual({
      kind: 'failed',
      text: 'Not restored: Unknown error.',
    });
  });
});

import type { UsersRepository } from '../ports/users-repository';
import { recordConfirmedUser } from './post-confirmation';
import { atTriggerEdge } from './trigger-edge';

export interface PostConfirmationPorts {
  /** Where a confirmed sign-up's record is created. */
  readonly users: UsersRepository;
  readonly clock?: () => Date;
}

/** The post-confirmation trigger, for AWS's Lambda and the local identity service. */
export function composePostConfirmation({ users, clock }: PostConfirmationPorts) {
  return atTriggerEdge(recordConfirmedUser(users, clock));
}

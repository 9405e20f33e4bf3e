import { ADMIN_GROUP, EDITOR_GROUP } from '../../core/constants';

/**
 * Demo accounts created on the first `npm start` (local only; README lists them). Passwords follow
 * the §5 password rule so the local identity service accepts them like Cognito would.
 */
export interface DemoAccount {
  readonly email: string;
  readonly password: string;
  readonly phoneNumber: string;
  readonly group?: typeof ADMIN_GROUP | typeof EDITOR_GROUP;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@stockscope.local',
    password: 'Demo#Admin2025',
    phoneNumber: '+15550100001',
    group: ADMIN_GROUP,
  },
  {
    email: 'editor@stockscope.local',
    password: 'Demo#Editor2025',
    phoneNumber: '+15550100002',
    group: EDITOR_GROUP,
  },
  { email: 'user@stockscope.local', password: 'Demo#User2025', phoneNumber: '+15550100003' },
];

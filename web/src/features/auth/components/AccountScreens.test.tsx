import { act, screen, waitFor, within } from '@testing-library/react';
import { VERDICT_ALERTS_TEXT } from '@core/verdict-alerts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_EXPIRED_TEXT,
  INVALID_CODE_TEXT,
  TOO_MANY_ATTEMPTS_TEXT,
  USER_NOT_FOUND_TEXT,
} from '@core/auth-errors';
import { SHARIAH_STANDARD_EFFECT_TEXT } from '@core/shariah-preference';
import { VALIDATION_MESSAGES } from '@core/validation';
import { CODE_RESENT_TEXT } from './ResendCodeButton';
import { NO_SUBSCRIPTION_TEXT } from '../../../components/SubscriptionStatus';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { PASSWORD_RESET_TEXT } from './ForgetPasswordScreen';
import { PHONE_CHANGED_TEXT, phoneCodeSentText } from './PhoneChange';
import { PASSWORD_CHANGED_TEXT } from './ProfileScreen';
import { standardSavedText } from './ShariahStandardSetting';
import { VERIFIED_TEXT } from './VerifyCodeScreen';

/** The account API's sign-out answering `status`; the bodies it was sent. */
function signOutAnswering(status = 200, message = 'Signed out') {
  const bodies: unknown[] = [];
  stubApis({
    extra: {
      '/api/account/sign-out': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(
          JSON.stringify(status === 200 ? { scope: 'everywhere' } : { message }),
          {
            status,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      },
    },
  });
  return bodies;
}

const EMAIL = 'lin@example.com';

beforeEach(() => {
  amplify.resetAmplifyMock();
  localStorage.clear();
  sessionStorage.clear();
  stubApis();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe('/verify-code', () => {
  async function open() {
    const view = renderApp('/verify-code');
    await screen.findByRole('heading', { name: 'Verify your e-mail address' });
    return view;
  }

  it('asks for the e-mail when none was carried, and takes 6 digits only', async () => {
    const user = userEvent.setup();
    await open();
    const code = screen.getByLabelText('Verification code');
    await user.type(code, '12a34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.emailCode)).toBeInTheDocument();
    expect(code).toHaveValue('1234');
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();
  });

  it('confirms and sends the user to /login with the e-mail when no auto sign-in runs', async () => {
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'DONE' },
    });
    const user = userEvent.setup();
    const { router } = await open();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
    });
    expect(screen.getByText(VERIFIED_TEXT)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue(EMAIL);
  });

  it('confirms a carried e-mail without asking for it', async () => {
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'DONE' },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in to your account' });
    await act(() => router.navigate('/verify-code', { state: { email: EMAIL } }));
    await screen.findByRole('heading', { name: 'Verify your e-mail address' });
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
    });
  });

  it('signs in automatically after the code when registration started it (§4)', async () => {
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    amplify.autoSignIn.mockImplementation(async () => {
      amplify.signedInAs({ email: EMAIL });
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const user = userEvent.setup();
    const { router } = await open();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(await screen.findByText(`Welcome back, ${EMAIL}.`)).toBeInTheDocument();
  });

  it('opens the code step of /login when the server asks the new account for its code', async () => {
    amplify.confirmSignUp.mockResolvedValue({
      isSignUpComplete: true,
      nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
    });
    amplify.autoSignIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: { trigger: 'true', phone: '+*******0123' },
      },
    });
    amplify.confirmSignIn.mockImplementation(async () => {
      amplify.signedInAs({ email: EMAIL });
      return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
    });
    const user = userEvent.setup();
    const { router } = await open();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Verification Code' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(/\+\*{7}0123/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('ENTER OTP'), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
  });

  it.each([
    ['CodeMismatchException', 'Invalid verification code provided', INVALID_CODE_TEXT],
    [
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      CODE_EXPIRED_TEXT,
    ],
    ['LimitExceededException', 'Attempt limit exceeded', TOO_MANY_ATTEMPTS_TEXT],
    ['UserNotFoundException', 'Username/client id combination not found.', USER_NOT_FOUND_TEXT],
  ])('maps %s to the §8 text', async (name, message, text) => {
    amplify.confirmSignUp.mockRejectedValue(amplify.serviceError(name, message));
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent(text);
  });

  it('does not resend without a valid e-mail: shows the errors and focuses the e-mail', async () => {
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Email address'), 'lin@');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(screen.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.emailCode)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(amplify.resendSignUpCode).not.toHaveBeenCalled();
  });

  it('resends the code', async () => {
    amplify.resendSignUpCode.mockResolvedValue({});
    const user = userEvent.setup();
    await open();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(CODE_RESENT_TEXT)).toBeInTheDocument();
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: EMAIL });
  });
});

describe('/forget-password', () => {
  it('sends a code, then resets the password with the §5 rules and returns to /login', async () => {
    amplify.resetPassword.mockResolvedValue({
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
    });
    amplify.confirmResetPassword.mockResolvedValue(undefined);
    const user = userEvent.setup();
    const { router } = renderApp('/forget-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: EMAIL });

    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'weakpass');
    await user.tab();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordRule)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better#2025');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better#2025');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(router.state.location.pathname).toBe('/login');
    expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '654321',
      newPassword: 'Better#2025',
    });
    expect(screen.getByText(PASSWORD_RESET_TEXT)).toBeInTheDocument();
  });

  it('shows the §8 text for a wrong code', async () => {
    amplify.resetPassword.mockResolvedValue({
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
    });
    amplify.confirmResetPassword.mockRejectedValue(
      amplify.serviceError('CodeMismatchException', 'Invalid verification code provided'),
    );
    const user = userEvent.setup();
    renderApp('/forget-password');
    await user.type(await screen.findByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'Better#2025');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better#2025');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CODE_TEXT);
  });
});

describe('/profile', () => {
  beforeEach(() => {
    amplify.signedInAs({ email: EMAIL, phone: '+15550100003' });
    amplify.fetchUserAttributes.mockResolvedValue({
      email: EMAIL,
      email_verified: 'true',
      phone_number: '+15550100003',
      sub: 'sub-1',
    });
  });

  it('shows the account details and no subscription', async () => {
    renderApp('/profile', { signedIn: true });
    await screen.findByRole('heading', { name: 'Your profile' });
    const details = screen.getByRole('region', { name: 'Account details' });
    await within(details).findByText('Yes');
    expect(details).toHaveTextContent(EMAIL);
    expect(details).toHaveTextContent('+15550100003');
    expect(screen.getByText(NO_SUBSCRIPTION_TEXT)).toBeInTheDocument();
  });

  it('shows the number sign-in codes go to, verified or not, from the account record', async () => {
    stubApis({ user: { subscription: null, phoneNumber: '+15550100004', phoneVerified: true } });
    renderApp('/profile', { signedIn: true });
    const details = await screen.findByRole('region', { name: 'Account details' });
    await within(details).findByText('+15550100004');
    expect(within(details).getAllByText('Yes')).toHaveLength(2);
  });

  it('shows the Shariah standard on the record, and changes it through the account API', async () => {
    const bodies: unknown[] = [];
    stubApis({
      user: { subscription: null, shariahStandard: 'ftse' },
      extra: {
        '/api/account/preferences': (init) => {
          bodies.push({ method: init?.method, body: JSON.parse(String(init?.body)) });
          return new Response(JSON.stringify({ shariahStandard: 'djim', verdictAlerts: false }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { signedIn: true });
    const section = await screen.findByRole('region', { name: 'Shariah standard' });
    expect(section).toHaveTextContent(SHARIAH_STANDARD_EFFECT_TEXT);
    const select = within(section).getByLabelText('Standard for your verdicts');
    await waitFor(() => expect(select).toHaveValue('ftse'));
    await user.selectOptions(select, 'Dow Jones Islamic Market');
    // Verdict alerts are on until the user turns them off.
    const alerts = within(section).getByRole('checkbox', { name: VERDICT_ALERTS_TEXT });
    expect(alerts).toBeChecked();
    await user.click(alerts);
    await user.click(within(section).getByRole('button', { name: 'Save standard' }));
    expect(await within(section).findByText(standardSavedText('djim'))).toBeInTheDocument();
    expect(bodies).toEqual([
      { method: 'PUT', body: { shariahStandard: 'djim', verdictAlerts: false } },
    ]);
    expect(select).toHaveValue('djim');
    expect(alerts).not.toBeChecked();
  });

  it('moves sign-in codes to a new number only after the code texted to it', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const answer = (status: number, body: unknown) => (init?: RequestInit) => {
      sent.push({ path: '', body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    let verifyAnswers = [
      answer(400, {
        message: 'code: The verification code you entered is invalid. Please try again.',
      }),
      answer(200, { phoneNumber: '+15550100009' }),
    ];
    stubApis({
      extra: {
        '/api/account/phone/verify': (init) => verifyAnswers.shift()!(init),
        '/api/account/phone': answer(200, {
          phone: '+*******0009',
          expiresAt: '2026-11-24T12:10:00.000Z',
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/profile', { signedIn: true });
    await user.type(await screen.findByLabelText('New phone number'), '+1 555 010 0009');
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(await screen.findByText(phoneCodeSentText('+*******0009'))).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ phoneNumber: '+15550100009' });
    await user.type(screen.getByLabelText('Code from the SMS'), '1234');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The verification code you entered is invalid. Please try again.',
    );
    await user.type(screen.getByLabelText('Code from the SMS'), '4321');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText(PHONE_CHANGED_TEXT)).toBeInTheDocument();
    expect(sent.map((s) => s.body)).toEqual([
      { phoneNumber: '+15550100009' },
      { code: '1234' },
      { code: '4321' },
    ]);
    verifyAnswers = [];
  });

  it('gives an admin the same profile at /admin/profile, without a subscription', async () => {
    amplify.signedInAs({ email: EMAIL, groups: ['admin'] });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/profile', { signedIn: true });
    await screen.findByRole('heading', { name: 'Your profile' });
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
    // The account menu links to this profile, never to the user-only /profile.
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/admin/profile');
    expect(router.state.location.pathname).toBe('/admin/profile');
  });

  it('changes the password with the old and the new one', async () => {
    amplify.updatePassword.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderApp('/profile', { signedIn: true });
    await user.type(await screen.findByLabelText('Current password'), 'Secret#2025');
    await user.type(screen.getByLabelText('New password'), 'Better#2025');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better#2025');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
    expect(amplify.updatePassword).toHaveBeenCalledWith({
      oldPassword: 'Secret#2025',
      newPassword: 'Better#2025',
    });
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    // An empty, untouched form: no "required" errors under the success notice.
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
  });

  it('does not change the password when the confirmation differs, and focuses it', async () => {
    const user = userEvent.setup();
    renderApp('/profile', { signedIn: true });
    await user.type(await screen.findByLabelText('Current password'), 'Secret#2025');
    await user.type(screen.getByLabelText('New password'), 'Better#2025');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better#2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const confirm = screen.getByLabelText('Confirm new password');
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(VALIDATION_MESSAGES.confirmMismatch);
    expect(document.querySelectorAll('.field-error')).toHaveLength(1);
    expect(amplify.updatePassword).not.toHaveBeenCalled();
  });

  it('signs out of all devices (the account API ends every session) and goes to /login', async () => {
    const bodies = signOutAnswering();
    const user = userEvent.setup();
    const { router } = renderApp('/profile', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual([{ scope: 'everywhere' }]);
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('says so and stays signed in when the service did not sign out every device', async () => {
    signOutAnswering(403, 'Request not allowed.');
    const user = userEvent.setup();
    const { router } = renderApp('/profile', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    const sessions = screen.getByRole('region', { name: 'Sessions' });
    expect(await within(sessions).findByRole('alert')).toHaveTextContent('Request not allowed.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(amplify.signOut).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeEnabled();
  });

  it('counts sessions already revoked elsewhere as signed out', async () => {
    signOutAnswering(401, 'Unauthorized');
    const user = userEvent.setup();
    const { router } = renderApp('/profile', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

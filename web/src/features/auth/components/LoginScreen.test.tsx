import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_DENIED_TEXT,
  ALREADY_SIGNED_IN_TEXT,
  DISABLED_ACCOUNT_NEXT_STEP_TEXT,
  INVALID_CODE_TEXT,
  SESSION_EXPIRED_REQUEST_CODE_TEXT,
  VERIFICATION_FAILED_TEXT,
  VERIFICATION_TIMED_OUT_TEXT,
} from '@core/auth-errors';
import { ALL, emptyPermissionSet, type PermissionSet } from '@core/permissions';
import { VALIDATION_MESSAGES } from '@core/validation';
import { peekPendingRedirect, setPendingRedirect } from '../lib/pending-redirect';
import { deviceProofFor, rememberDevice } from '../lib/remembered-devices';
import { formatDeviceProof, newDeviceProof } from '@core/device-proof';

const PROOF = formatDeviceProof(newDeviceProof());
const isRemembered = (email: string) => deviceProofFor(email) !== undefined;
const rememberEmail = (email: string) => rememberDevice(email, PROOF);
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { OTP_SENT_TEXT } from './OtpStep';

const EMAIL = 'ada@example.com';
const PASSWORD = 'Secret#2025';

const otpAnswer = {
  isSignedIn: false,
  nextStep: {
    signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
    additionalInfo: { trigger: 'true', phone: '+*******0003' },
  },
};
const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

beforeEach(() => {
  amplify.resetAmplifyMock();
  localStorage.clear();
  sessionStorage.clear();
  stubApis();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Log in to your account' });
  return view;
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = EMAIL) {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

/** Signs in up to the OTP step. */
async function reachOtpStep(user: ReturnType<typeof userEvent.setup>) {
  amplify.signIn.mockResolvedValue(otpAnswer);
  await fillAndSubmit(user);
  await screen.findByRole('heading', { name: 'Verification Code' });
}

describe('login screen texts (SPEC §2 Login screen)', () => {
  it('shows the title, fields, Remember me checked, the Login button and both links', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forget-password',
    );
    expect(screen.getByRole('link', { name: 'Register for a free account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    await openLogin();
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the §5 texts only after a field is touched, tied to the field', async () => {
    const user = userEvent.setup();
    await openLogin();
    const email = screen.getByLabelText('Email address');
    expect(screen.queryByText(VALIDATION_MESSAGES.emailRequired)).not.toBeInTheDocument();
    await user.click(email);
    await user.tab();
    expect(screen.getByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(VALIDATION_MESSAGES.emailRequired);
    await user.type(email, 'not-an-email');
    expect(screen.getByText(VALIDATION_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('does not call the service with an invalid form, and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(VALIDATION_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(amplify.signIn).not.toHaveBeenCalled();
  });
});

describe('login (SPEC §4)', () => {
  it("signs in with CUSTOM_WITH_SRP, presenting no proof when the e-mail isn't remembered", async () => {
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: EMAIL,
      password: PASSWORD,
      options: { authFlowType: 'CUSTOM_WITH_SRP' },
    });
  });

  it('presents the device proof of a remembered e-mail; the server then skips the code', async () => {
    rememberEmail(EMAIL);
    amplify.signIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await fillAndSubmit(user, EMAIL.toUpperCase());
    expect(amplify.signIn.mock.calls[0]![0].options.clientMetadata).toEqual({
      deviceProof: PROOF,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    // The proof the server accepted stays.
    expect(deviceProofFor(EMAIL)).toBe(PROOF);
  });

  it("shows 'Logging In' and disables the button while the service answers", async () => {
    let answer!: (value: unknown) => void;
    amplify.signIn.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    const busy = screen.getByRole('button', { name: 'Logging In' });
    expect(busy).toBeDisabled();
    await act(async () => answer(otpAnswer));
    await screen.findByRole('heading', { name: 'Verification Code' });
  });

  it("shows the service's message in an alert titled 'Error' and re-enables the form", async () => {
    amplify.signIn.mockRejectedValue(
      amplify.serviceError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Incorrect username or password.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("tells the holder of a disabled account what to do next, beside the service's words", async () => {
    amplify.signIn.mockRejectedValue(
      amplify.serviceError('NotAuthorizedException', 'User is disabled.'),
    );
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User is disabled.');
    expect(alert).toHaveTextContent(DISABLED_ACCOUNT_NEXT_STEP_TEXT);
    expect(within(alert).getByRole('link', { name: 'contact page' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(alert).getByRole('link', { name: /^support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@/),
    );
  });

  it("refuses a second sign-in: 'There is already a signed in user.'", async () => {
    amplify.signIn.mockRejectedValue(
      amplify.serviceError('UserAlreadyAuthenticatedException', ALREADY_SIGNED_IN_TEXT),
    );
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(ALREADY_SIGNED_IN_TEXT);
  });

  it('offers to continue with the session already signed in: the guard then moves on', async () => {
    amplify.signIn.mockRejectedValue(
      amplify.serviceError('UserAlreadyAuthenticatedException', ALREADY_SIGNED_IN_TEXT),
    );
    const user = userEvent.setup();
    const { router } = await openLogin();
    await fillAndSubmit(user);
    amplify.signedInAs({ email: 'other@example.com' });
    await user.click(await screen.findByRole('button', { name: 'Continue to your account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    // Nothing was remembered: the typed e-mail is not the session's.
    expect(isRemembered(EMAIL)).toBe(false);
  });

  it('offers to log the other session out first, then signs in afresh', async () => {
    amplify.signIn.mockRejectedValueOnce(
      amplify.serviceError('UserAlreadyAuthenticatedException', ALREADY_SIGNED_IN_TEXT),
    );
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Log out first' }));
    await waitFor(() => expect(amplify.signOut).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Log out first' })).not.toBeInTheDocument();
    amplify.signIn.mockResolvedValue(otpAnswer);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Verification Code' });
  });

  it.each([
    [
      'an UserNotConfirmedException',
      () =>
        amplify.signIn.mockRejectedValue(
          amplify.serviceError('UserNotConfirmedException', 'User is not confirmed.'),
        ),
    ],
    [
      'a CONFIRM_SIGN_UP step',
      () =>
        amplify.signIn.mockResolvedValue({
          isSignedIn: false,
          nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
        }),
    ],
  ])('goes to /verify-code carrying the e-mail after %s', async (_name, arrange) => {
    arrange();
    const user = userEvent.setup();
    const { router } = await openLogin();
    await fillAndSubmit(user);
    await screen.findByRole('heading', { name: 'Verify your e-mail address' });
    expect(router.state.location.pathname).toBe('/verify-code');
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it('treats any other step as an authentication error', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    const user = userEvent.setup();
    await openLogin();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication error. Please try again.',
    );
  });
});

describe('OTP step (SPEC §2, §4, §5)', () => {
  it('shows the Verification Code step with ENTER OTP, the SMS text and Verify', async () => {
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    const input = screen.getByLabelText('ENTER OTP');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('maxLength', '4');
    expect(input).toHaveAttribute('inputMode', 'numeric');
    expect(screen.getByText(new RegExp(OTP_SENT_TEXT))).toHaveTextContent('+*******0003');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('takes digits only, at most 4', async () => {
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    const input = screen.getByLabelText('ENTER OTP');
    await user.type(input, 'a1-2b3 4 5');
    expect(input).toHaveValue('1234');
  });

  it("answers a short code with 'Your code must be 4 characters' without calling the service", async () => {
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(VALIDATION_MESSAGES.otpLength)).toBeInTheDocument();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });

  it("verifies with 'Verifying', stores the remembered e-mail and lands a user on /dashboard/", async () => {
    let answer!: (value: unknown) => void;
    amplify.confirmSignIn.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('button', { name: 'Verifying' })).toBeDisabled();
    // With Remember me the code answer names a fresh device for the server to remember.
    const [confirm] = amplify.confirmSignIn.mock.calls[0]! as [
      { challengeResponse: string; options: { clientMetadata: { rememberDevice: string } } },
    ];
    expect(confirm.challengeResponse).toBe('4321');
    const enrolled = confirm.options.clientMetadata.rememberDevice;
    expect(enrolled).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    amplify.signedInAs({ email: EMAIL });
    await act(async () => answer(done));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(deviceProofFor(EMAIL)).toBe(enrolled);
  });

  it('does not remember the e-mail without Remember me, and sends an admin to /admin/dashboard/', async () => {
    rememberEmail('other@example.com');
    amplify.confirmSignIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL, groups: ['admin'] });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '4321' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard/'));
    expect(isRemembered(EMAIL)).toBe(false);
    expect(isRemembered('other@example.com')).toBe(true);
  });

  it('returns once to the pending redirect target instead of the home', async () => {
    setPendingRedirect('/screener?sector=Energy');
    amplify.confirmSignIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL });
    const user = userEvent.setup();
    const { router } = await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/screener'));
    expect(router.state.location.search).toBe('?sector=Energy');
    expect(sessionStorage.length).toBe(0);
  });

  it('answers a wrong code (the service asks again) with the invalid-code text', async () => {
    amplify.confirmSignIn.mockResolvedValue(otpAnswer);
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '0000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent(INVALID_CODE_TEXT);
    const input = screen.getByLabelText('ENTER OTP');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    // A fresh field for the next try: the alert says what went wrong, not a field error.
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(VALIDATION_MESSAGES.otpLength)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it.each([
    ['Invalid session for the user.', SESSION_EXPIRED_REQUEST_CODE_TEXT],
    ['Incorrect username or password.', INVALID_CODE_TEXT],
    ['The user entered an incorrect code', INVALID_CODE_TEXT],
    ['Failed to verify the challenge', INVALID_CODE_TEXT],
    ['Request timed out after 10 s', 'Request timed out after 10 s'],
    ['Something unexpected', 'Something unexpected'],
    ['', VERIFICATION_FAILED_TEXT],
  ])('maps the error "%s" to "%s" (§8 OTP step)', async (message, text) => {
    amplify.confirmSignIn.mockRejectedValue(new Error(message));
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { name: 'Verification Code' })).toBeInTheDocument();
  });

  it('goes back to the password step when the service ended the sign-in', async () => {
    amplify.confirmSignIn.mockRejectedValue(
      amplify.serviceError('NotAuthorizedException', 'Incorrect username or password.'),
    );
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_CODE_TEXT);
    expect(screen.getByLabelText('Email address')).toHaveValue(EMAIL);
  });

  it("gives up after 15000 ms with 'Verification timed out. Please try again.'", async () => {
    amplify.confirmSignIn.mockReturnValue(new Promise(() => {}));
    await openLogin();
    await reachOtpStep(userEvent.setup());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(screen.getByLabelText('ENTER OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => vi.advanceTimersByTime(14_900));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_TIMED_OUT_TEXT);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('signs a late success out again, quietly: the user was told it timed out', async () => {
    let answer!: (value: unknown) => void;
    amplify.confirmSignIn.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { router } = await openLogin();
    await reachOtpStep(userEvent.setup());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.type(screen.getByLabelText('ENTER OTP'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => vi.advanceTimersByTime(15_100));
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_TIMED_OUT_TEXT);
    amplify.signedInAs({ email: EMAIL });
    await act(async () => answer(done));
    // The identity library's session is ended, so a new login does not meet "already signed in".
    await waitFor(() => expect(amplify.signOut).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Verification Code' })).toBeInTheDocument();
  });

  it('goes back to the password form with Back to login', async () => {
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
  });
});

describe('admin login rule (SPEC §4, §6)', () => {
  const readOf = (resource: 'USERS' | 'SHARIAH'): PermissionSet => {
    const set = emptyPermissionSet();
    return { ...set, [resource]: { ...set[resource], read: [ALL] } };
  };

  /** Follows the sign-in prompt of `page` and signs in with a remembered e-mail (no code). */
  async function signInFrom(page: string, groups?: string[]) {
    rememberEmail(EMAIL);
    amplify.signIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL, ...(groups ? { groups } : {}) });
    const user = userEvent.setup();
    const view = renderApp(page);
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    await fillAndSubmit(user);
    return view;
  }

  it("signs a plain user out again when the login started from an admin page: 'Access denied'", async () => {
    const { router } = await signInFrom('/admin/settings/users');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_DENIED_TEXT);
    expect(amplify.signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(peekPendingRedirect()).toBeUndefined();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('admits an editor whom §6 lets open the page (USERS read for /admin/settings/users)', async () => {
    stubApis({ permissions: { permissionSet: { accessLevels: readOf('USERS') } } });
    const { router } = await signInFrom('/admin/settings/users', ['editor']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/users'));
    expect(amplify.signOut).not.toHaveBeenCalled();
  });

  it('refuses an editor whose permissions do not open the page', async () => {
    stubApis({ permissions: { permissionSet: { accessLevels: readOf('SHARIAH') } } });
    const { router } = await signInFrom('/admin/settings/users', ['editor']);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCESS_DENIED_TEXT);
    expect(amplify.signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets an admin in and returns to the admin page', async () => {
    const { router } = await signInFrom('/admin/settings/users', ['admin']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings/users'));
    expect(amplify.signOut).not.toHaveBeenCalled();
  });

  it('applies the rule after the code step too, back on the password form', async () => {
    setPendingRedirect('/admin/dashboard');
    amplify.confirmSignIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL });
    const user = userEvent.setup();
    await openLogin();
    await reachOtpStep(user);
    await user.type(screen.getByLabelText('ENTER OTP'), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    expect(screen.getByRole('alert')).toHaveTextContent(ACCESS_DENIED_TEXT);
    expect(amplify.signOut).toHaveBeenCalled();
    expect(isRemembered(EMAIL)).toBe(false);
  });

  it('forgets an admin page the visitor walked away from before logging in', async () => {
    rememberEmail(EMAIL);
    amplify.signIn.mockResolvedValue(done);
    amplify.signedInAs({ email: EMAIL });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    // Off to another page, then to /login from the header: a sign-in of its own.
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Log in to your account' });
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(amplify.signOut).not.toHaveBeenCalled();
  });
});

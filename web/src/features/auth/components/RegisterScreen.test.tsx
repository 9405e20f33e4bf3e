import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_LIMIT_REACHED_TEXT } from '@core/auth-errors';
import { VALIDATION_MESSAGES } from '@core/validation';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis } from '../../../testing/render-app';
import { UNCONFIRMED_TEXT } from './VerifyCodeScreen';

const EMAIL = 'grace@example.com';

beforeEach(() => {
  amplify.resetAmplifyMock();
  localStorage.clear();
  sessionStorage.clear();
  stubApis();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your free account' });
  return view;
}

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, values: Partial<Record<string, string>> = {}) {
  const all = {
    'Email address': EMAIL,
    'Phone number': '+1 555 010 9999',
    Password: 'Secret#2025',
    'Confirm password': 'Secret#2025',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

/** Touches a field (focus, then leave it) and returns its error text, if any. */
async function touch(user: User, label: string, value = '') {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
  else await user.click(input);
  await user.tab();
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
}

describe('registration validation (SPEC §5: errors after touch)', () => {
  it('shows no error before a field is touched', async () => {
    await openRegister();
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    for (const label of ['Email address', 'Phone number', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
  });

  it.each([
    ['Email address', '', VALIDATION_MESSAGES.emailRequired],
    ['Email address', 'grace@', VALIDATION_MESSAGES.emailInvalid],
    ['Phone number', '', VALIDATION_MESSAGES.phoneRequired],
    ['Phone number', '5550109999', VALIDATION_MESSAGES.phoneFormat],
    ['Password', '', VALIDATION_MESSAGES.passwordRequired],
    ['Password', 'Ab1!', VALIDATION_MESSAGES.passwordMin],
    ['Password', 'abcdefgh1!', VALIDATION_MESSAGES.passwordRule],
    ['Password', 'Abcdefgh12', VALIDATION_MESSAGES.passwordRule],
    ['Password', 'Abcdefg#1 ', VALIDATION_MESSAGES.passwordRule],
    ['Confirm password', '', VALIDATION_MESSAGES.confirmRequired],
    ['Confirm password', 'Other#2025', VALIDATION_MESSAGES.confirmMismatch],
  ])('%s "%s" → "%s"', async (label, value, text) => {
    const user = userEvent.setup();
    await openRegister();
    expect(await touch(user, label, value)).toBe(text);
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the confirmation again as the password changes, once the confirmation was touched', async () => {
    const user = userEvent.setup();
    await openRegister();
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm password');
    await user.type(password, 'Secret#2025');
    await user.type(confirm, 'Secret#2025');
    await user.tab();
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    await user.type(password, 'x');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(VALIDATION_MESSAGES.confirmMismatch);
    await user.type(confirm, 'x');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
  });

  it('keeps the confirmation quiet while only the password was touched', async () => {
    const user = userEvent.setup();
    await openRegister();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Secret#2025');
    await user.tab();
    await user.type(password, '1');
    expect(screen.getByLabelText('Confirm password')).not.toHaveAttribute('aria-invalid');
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
  });

  it('does not sign up with an invalid form, and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    await openRegister();
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.getByText(VALIDATION_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION_MESSAGES.confirmRequired)).toBeInTheDocument();
    expect(amplify.signUp).not.toHaveBeenCalled();
  });

  it('accepts a valid form', async () => {
    const user = userEvent.setup();
    await openRegister();
    await fill(user);
    await user.tab();
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
  });
});

describe('registration (SPEC §4, §8)', () => {
  it('signs up with e-mail and phone number, then asks for the e-mailed code', async () => {
    amplify.signUp.mockResolvedValue({
      isSignUpComplete: false,
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP' },
    });
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Verify your e-mail address' });
    expect(router.state.location.pathname).toBe('/verify-code');
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: 'Secret#2025',
      options: {
        userAttributes: { email: EMAIL, phone_number: '+15550109999' },
        autoSignIn: { authFlowType: 'CUSTOM_WITH_SRP' },
      },
    });
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it("shows §8's text when the user limit is reached", async () => {
    amplify.signUp.mockRejectedValue(
      amplify.serviceError('UserLambdaValidationException', 'PreSignUp failed: User limit reached'),
    );
    const user = userEvent.setup();
    await openRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_LIMIT_REACHED_TEXT);
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it('sends an existing unconfirmed account to /verify-code with a fresh code', async () => {
    amplify.signUp.mockRejectedValue(
      amplify.serviceError('UsernameExistsException', 'User already exists'),
    );
    amplify.resendSignUpCode.mockResolvedValue({});
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-code'));
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: EMAIL });
    expect(await screen.findByText(UNCONFIRMED_TEXT)).toBeInTheDocument();
  });

  it("shows the service's message for an existing confirmed account", async () => {
    amplify.signUp.mockRejectedValue(
      amplify.serviceError('UsernameExistsException', 'User already exists'),
    );
    amplify.resendSignUpCode.mockRejectedValue(
      amplify.serviceError('InvalidParameterException', 'User is already confirmed.'),
    );
    const user = userEvent.setup();
    const { router } = await openRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(router.state.location.pathname).toBe('/register');
  });
});

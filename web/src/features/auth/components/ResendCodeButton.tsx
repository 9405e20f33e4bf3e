export const CODE_RESENT_TEXT = 'A new code has been sent to your e-mail address.';

/** The 'Resend code' link-button of the code screens, 'Sending code' while it runs. */
export function ResendCodeButton({
  sending,
  disabled,
  onResend,
}: {
  readonly sending: boolean;
  readonly disabled: boolean;
  readonly onResend: () => void;
}) {
  return (
    <button type="button" className="link-button" disabled={disabled} onClick={onResend}>
      {sending ? 'Sending code' : 'Resend code'}
    </button>
  );
}

import { Link } from 'react-router';
import { LOGIN_PATH, REGISTER_PATH } from '@core/routes';
import { setPendingRedirect } from '../lib/pending-redirect';
import './auth.css';

/**
 * What an anonymous visitor of a PRIVATE route sees (SPEC §2): a panel with a link to /login.
 * Following it stores the page as the pending redirect target, so sign-in returns here once.
 */
export function SignInPrompt({ from }: { readonly from: string }) {
  const remember = () => setPendingRedirect(from);
  return (
    <section className="auth-card sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h1 id="sign-in-prompt-title">Sign in required</h1>
      <p>You need to log in to open this page.</p>
      <p className="auth-actions">
        <Link to={LOGIN_PATH} className="button primary" onClick={remember}>
          Log in
        </Link>
        <Link to={REGISTER_PATH} className="button" onClick={remember}>
          Register for a free account
        </Link>
      </p>
    </section>
  );
}

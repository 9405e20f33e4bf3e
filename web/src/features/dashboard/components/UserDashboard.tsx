import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_DASHBOARD_PATH,
  HOME_PATH,
  LOGIN_PATH,
  PROFILE_PATH,
  SCREENER_PATH,
} from '@core/routes';
import { tierOf } from '@core/subscription';
import { PRODUCT_NAME } from '../../../lib/brand';
import { useAuth } from '../../../lib/auth/auth-context';
import { useNow } from '../../../hooks/use-now';
import { useMayOpen } from '../../../components/AllowedLink';
import { SubscriptionStatus } from '../../../components/SubscriptionStatus';
import { UpgradePrompt } from '../../../components/UpgradePrompt';
import { AlertsWorkspace } from './AlertsWorkspace';
import './dashboard.css';

/** What the dashboard's upgrade prompt names: Premium's calendar (core ENTITLEMENTS.calendar). */
export const CALENDAR_FEATURE = 'The earnings, dividend and split calendar';

/** /dashboard (SPEC §2, role user): greeting, subscription, quick links, the user's workspace. */
export function UserDashboard({
  workspace,
}: {
  /** The signed-in user's workspace (watchlists and more), composed by app/. */
  readonly workspace?: ReactNode;
} = {}) {
  const { state } = useAuth();
  const now = useNow();
  const allowed = useMayOpen();
  const name = state.user?.email;
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p className="lead">
        {state.isAuthenticated && name
          ? `Welcome back, ${name}.`
          : `Welcome to ${PRODUCT_NAME}. Log in to see your subscription and your watchlists.`}
      </p>
      <div className="card-grid">
        <section className="card" aria-labelledby="dashboard-subscription">
          <h2 id="dashboard-subscription">Subscription</h2>
          {state.isAuthenticated ? (
            <>
              <SubscriptionStatus subscription={state.subscription} />
              {tierOf(state.subscription, now) === 'free' && !(state.isAdmin || state.isEditor) && (
                <UpgradePrompt reason={{ kind: 'premium-only', feature: CALENDAR_FEATURE }} />
              )}
            </>
          ) : (
            <p>
              <Link to={LOGIN_PATH}>Log in</Link> to see your subscription.
            </p>
          )}
        </section>
        <section className="card" aria-labelledby="dashboard-links">
          <h2 id="dashboard-links">Quick links</h2>
          <ul className="quick-links">
            {/* Only the ways this role may take: the screener and profile are users' (§6). */}
            {allowed(SCREENER_PATH) && (
              <li>
                <Link to={SCREENER_PATH}>Search stocks with the screener</Link>
              </li>
            )}
            <li>
              <Link to={HOME_PATH}>Markets today</Link>
            </li>
            {state.isAuthenticated && allowed(PROFILE_PATH) && (
              <li>
                <Link to={PROFILE_PATH}>Your profile</Link>
              </li>
            )}
            {(state.isAdmin || state.isEditor) && (
              <li>
                <Link to={ADMIN_DASHBOARD_PATH}>Admin dashboard</Link>
              </li>
            )}
          </ul>
        </section>
      </div>
      {state.isAuthenticated && <Suspense fallback={null}>{workspace}</Suspense>}
      <AlertsWorkspace />
    </section>
  );
}

import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { COPYRIGHT_YEAR } from '@core/constants';
import {
  ABOUT_PATH,
  CONTACT_PATH,
  DISCLAIMER_PATH,
  HOME_PATH,
  PRIVACY_PATH,
  showsFooter,
} from '@core/routes';
import { PRODUCT_NAME } from '../lib/brand';
import { ScreenBoundary } from './ScreenBoundary';
import { SearchBox } from '../features/search/components/SearchBox';
import { ThemeSwitch } from '../features/theme/components/ThemeSwitch';
import { HeaderAccount } from './HeaderAccount';
import { HeaderNotifications } from './HeaderNotifications';
import { useDemoData } from '../lib/demo-data';
import { useAuth } from '../lib/auth/auth-context';

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to={HOME_PATH} className="wordmark" aria-label={`${PRODUCT_NAME} home`}>
          <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
            <rect width="32" height="32" rx="6" fill="currentColor" />
            <path
              d="M6 22l6-7 5 4 9-10"
              fill="none"
              stroke="var(--bg)"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="phone-hidden">{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label="Main">
          <NavLink
            to={HOME_PATH}
            className={({ isActive }) => (isActive ? 'tab active' : 'tab')}
            end
          >
            Home
          </NavLink>
        </nav>
        <SearchBox />
        <span className="spacer" />
        <ThemeSwitch />
        <HeaderNotifications />
        <HeaderAccount />
      </div>
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <nav aria-label="Footer">
          <Link to={ABOUT_PATH}>About</Link>
          <Link to={CONTACT_PATH}>Contact</Link>
          <Link to={PRIVACY_PATH}>Privacy</Link>
          <Link to={DISCLAIMER_PATH}>Disclaimer</Link>
        </nav>
        <p>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. Information only, not investment advice.
        </p>
      </div>
    </footer>
  );
}

/** Shown once any API answer says its data is generated (the local demo universe). */
export function DemoBanner() {
  const demo = useDemoData();
  if (!demo) return null;
  return (
    <div className="demo-banner" role="note">
      <div className="container">
        Demo data: the companies, statements and prices on this site are generated and simulated,
        not real market data.
      </div>
    </div>
  );
}

// Loaded only for a user whose renewal failed: it reaches the API (and the identity library).
const PastDueBanner = lazy(() =>
  import('../features/subscription/components/PastDueBanner').then((m) => ({
    default: m.PastDueBanner,
  })),
);

/** A signed-in user whose last payment failed sees it on every page, with a way out. */
export function AccountBanner() {
  const { state } = useAuth();
  const subscription = state.subscription;
  if (!state.isAuthenticated || subscription?.status !== 'past_due') return null;
  return (
    <Suspense fallback={null}>
      <PastDueBanner subscription={subscription} />
    </Suspense>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <Header />
      <AccountBanner />
      <main className="container main">
        <ScreenBoundary>
          <Outlet />
        </ScreenBoundary>
      </main>
      {showsFooter(pathname) && <Footer />}
      {/* Last in the page and sticky: appearing after the first answer, it moves nothing. */}
      <DemoBanner />
    </div>
  );
}

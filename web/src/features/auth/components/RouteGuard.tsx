import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { decideAccess, isGuestOnlyPath, UNAUTHORISED_PATH } from '@core/routes';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { clearPendingRedirect, redirectTarget } from '../lib/pending-redirect';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthLoading } from './AuthLoading';
import { SignInPrompt } from './SignInPrompt';

/**
 * Sends a signed-in visitor of a guest-only screen on: to the pending target once if there is one,
 * else to the role's home. The target is fixed at mount so clearing it cannot change course.
 */
function RedirectOnce({ home, from }: { readonly home: string; readonly from: string }) {
  const navigate = useNavigate();
  const [to] = useState(() => redirectTarget(home, from));
  useEffect(() => {
    clearPendingRedirect();
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return <AuthLoading />;
}

/** Every route's element goes through this: core decideAccess says what the session gets. */
export function RouteGuard({ children }: { readonly children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { state } = useAuth();
  const decision = decideAccess(pathname, state);
  const leftSignIn = !isGuestOnlyPath(pathname) && decision.kind !== 'loading';
  useEffect(() => {
    // The pending target belongs to the sign-in a prompt started; a visitor who left the
    // guest-only screens without finishing it has abandoned it, so it must not steer a later one.
    if (leftSignIn) clearPendingRedirect();
  }, [leftSignIn, pathname]);
  switch (decision.kind) {
    case 'render':
      return children;
    case 'loading':
      return <AuthLoading />;
    case 'redirect':
      return <RedirectOnce home={decision.to} from={pathname} />;
    case 'sign-in':
      return <SignInPrompt from={`${pathname}${search}`} />;
    case 'unauthorised':
      return <Navigate to={UNAUTHORISED_PATH} replace />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** Wraps a route element in the guard. */
export const guarded = (element: ReactNode) => <RouteGuard>{element}</RouteGuard>;

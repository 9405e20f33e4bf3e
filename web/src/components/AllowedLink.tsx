import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { mayOpen } from '@core/routes';
import { useAuth } from '../lib/auth/auth-context';

/** Whether the signed-in session (or visitor) may open a path: the route guard's own rule. */
export function useMayOpen(): (path: string) => boolean {
  const { state } = useAuth();
  return (path) => mayOpen(path, state);
}

/**
 * A link shown only when the session may follow it (core mayOpen, the guard's decision), so no
 * screen leads a role to /401. Otherwise its text stays as plain text (a breadcrumb still says
 * where the page sits) or, with `otherwise="nothing"`, nothing is drawn.
 */
export function AllowedLink({
  to,
  otherwise = 'text',
  children,
  ...rest
}: LinkProps & {
  readonly to: string;
  readonly otherwise?: 'text' | 'nothing';
  readonly children: ReactNode;
}) {
  const allowed = useMayOpen();
  if (allowed(to)) {
    return (
      <Link to={to} {...rest}>
        {children}
      </Link>
    );
  }
  return otherwise === 'text' ? <span>{children}</span> : null;
}

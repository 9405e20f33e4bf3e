import type { ReactNode } from 'react';
import './auth.css';

/** The panel every sign-in screen sits in, titled by its h1. */
export function AuthCard({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section className="auth-card" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

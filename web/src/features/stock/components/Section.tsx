import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

/**
 * A titled section of the stock page: its own landmark, h2 and anchor. A render error inside it
 * (say, an unexpected data shape) takes down this section only, with a Retry.
 */
export function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="stock-section" aria-labelledby={`${id}-title`} id={id}>
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions}
      </div>
      <ErrorBoundary fallbackRender={(props) => <SectionCrashed title={title} {...props} />}>
        {children}
      </ErrorBoundary>
    </section>
  );
}

function SectionCrashed({ title, resetErrorBoundary }: FallbackProps & { title: string }) {
  return (
    <div className="section-error" role="alert">
      <p>The {title.toLowerCase()} section could not be displayed.</p>
      <button type="button" className="button" onClick={resetErrorBoundary}>
        Retry
      </button>
    </div>
  );
}

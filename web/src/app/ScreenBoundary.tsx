import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '@core/chunk-errors';

export function ScreenLoading() {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

function ScreenError({ error, resetErrorBoundary }: FallbackProps) {
  const chunk = isChunkLoadError(error);
  return (
    <section role="alert" className="screen-error">
      <h1>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {chunk
          ? 'A part of the application failed to download, perhaps because of the network or a new version. Reload to try again.'
          : 'An unexpected error stopped this page. Try again; if it keeps happening, contact support.'}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => (chunk ? window.location.reload() : resetErrorBoundary())}
      >
        {chunk ? 'Reload' : 'Try again'}
      </button>
    </section>
  );
}

/** Lazy screens: a placeholder while their chunk loads, a retry when it fails (SPEC §2, §8). */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[pathname]}>
      <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

import { useRef, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useNearOrIdle } from '../../../lib/use-in-view';

/**
 * A titled section of the stock page: its own landmark, h2 and anchor. A render error inside it
 * (say, an unexpected data shape) takes down this section only, with a Retry.
 */
export function Section({
  id,
  title,
  children,
  actions,
  deferredHeight,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /**
   * Below the fold: the content (and the reads it makes) waits until the section is scrolled near
   * or the page is idle, keeping this much height (a CSS length) meanwhile.
   */
  deferredHeight?: string;
}) {
  return (
    <section
      className={deferredHeight ? 'stock-section below-fold' : 'stock-section'}
      aria-labelledby={`${id}-title`}
      id={id}
      style={
        deferredHeight
          ? { containIntrinsicBlockSize: `auto calc(${deferredHeight} + 3.5rem)` }
          : undefined
      }
    >
      <div className="section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {actions}
      </div>
      <ErrorBoundary fallbackRender={(props) => <SectionCrashed title={title} {...props} />}>
        {deferredHeight ? <Deferred height={deferredHeight}>{children}</Deferred> : children}
      </ErrorBoundary>
    </section>
  );
}

/** The content once near the viewport or idle; an empty box of about its height before. */
function Deferred({ height, children }: { height: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = useNearOrIdle(box);
  if (shown) return children;
  return <div ref={box} className="section-deferred" style={{ minHeight: height }} />;
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

import { Link } from 'react-router';
import { HOME_PATH } from '@core/routes';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <p>
        <Link to={HOME_PATH}>Back to the home page</Link>
      </p>
    </section>
  );
}

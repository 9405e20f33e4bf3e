import { Link } from 'react-router';
import { HOME_PATH } from '@core/routes';

export function UnauthorisedPage() {
  return (
    <section aria-labelledby="unauthorised-title">
      <h1 id="unauthorised-title">Access denied</h1>
      <p>Your account does not have permission to open this page.</p>
      <p>
        <Link to={HOME_PATH}>Back to the home page</Link>
      </p>
    </section>
  );
}

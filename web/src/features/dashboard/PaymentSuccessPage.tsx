import { Link } from 'react-router';
import './dashboard.css';

/** /payment-success: where the card payment provider returns after a completed checkout. */
export function PaymentSuccessPage() {
  return (
    <section className="dashboard" aria-labelledby="payment-title">
      <h1 id="payment-title">Payment successful</h1>
      <p className="lead">
        Thank you. Your payment was received and your subscription is being activated; it shows on
        your dashboard as soon as the payment provider confirms it.
      </p>
      <p className="quick-links-inline">
        <Link to="/dashboard/" className="button primary">
          Go to your dashboard
        </Link>
        <Link to="/profile" className="button">
          Your profile
        </Link>
      </p>
    </section>
  );
}

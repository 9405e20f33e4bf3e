import { SUPPORT_EMAIL } from '../../../lib/brand';

export function ContactPage() {
  return (
    <article aria-labelledby="contact-title" className="prose">
      <h1 id="contact-title">Contact us</h1>
      <p>
        Write to our support team at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <div className="card-grid">
        <section className="card" aria-labelledby="contact-business">
          <h2 id="contact-business">Business inquiries</h2>
          <p>
            Partnerships, data licensing and press: e-mail{' '}
            <a href={`mailto:${SUPPORT_EMAIL}?subject=Business%20inquiry`}>{SUPPORT_EMAIL}</a> with
            the subject “Business inquiry”.
          </p>
        </section>
        <section className="card" aria-labelledby="contact-technical">
          <h2 id="contact-technical">Technical support</h2>
          <p>
            Problems with your account, sign-in or subscription: e-mail{' '}
            <a href={`mailto:${SUPPORT_EMAIL}?subject=Technical%20support`}>{SUPPORT_EMAIL}</a> and
            tell us the page and what you expected to see.
          </p>
        </section>
      </div>
      <p>We reply within 24-48 hours on business days.</p>
    </article>
  );
}

import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../lib/brand';

const SECTIONS: readonly { id: string; title: string; body: string }[] = [
  {
    id: 'collected',
    title: 'Data we collect',
    body: 'Your e-mail address and phone number when you register, your sign-in activity, your subscription status from our payment provider, and the pages and stocks you view.',
  },
  {
    id: 'usage',
    title: 'How we use it',
    body: 'To run your account, send verification and one-time codes, provide the subscription you paid for, keep the service secure, and improve the product.',
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: 'Our cloud provider hosts the service, a card payment provider processes payments (we never see your full card number), and a market-data provider supplies prices. We do not sell your personal data.',
  },
  {
    id: 'security',
    title: 'Security',
    body: 'Data is encrypted in transit and at rest, passwords are never stored in readable form, and access to personal data is limited to staff who need it.',
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: `You may ask to see, correct, export or delete your personal data at any time by writing to ${SUPPORT_EMAIL}.`,
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: 'We use the storage your browser offers to keep you signed in, remember your preferences (such as the theme) and measure how the product is used.',
  },
  {
    id: 'retention',
    title: 'Data retention',
    body: 'We keep your account data while your account exists and delete it within 30 days of a deletion request, except records the law requires us to keep.',
  },
];

export function PrivacyPage() {
  return (
    <article aria-labelledby="privacy-title" className="prose">
      <h1 id="privacy-title">Privacy policy</h1>
      <p>How {PRODUCT_NAME} handles your personal data.</p>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`privacy-${section.id}`}>
          <h2 id={`privacy-${section.id}`}>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <p className="muted">Last updated January 2025</p>
    </article>
  );
}

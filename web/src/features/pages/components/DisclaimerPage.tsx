import { PRODUCT_NAME } from '../../../lib/brand';
import { InformationalNotice } from './AboutPage';

export function DisclaimerPage() {
  return (
    <article aria-labelledby="disclaimer-title" className="prose">
      <h1 id="disclaimer-title">Disclaimer</h1>
      <InformationalNotice />
      <section aria-labelledby="disclaimer-risk">
        <h2 id="disclaimer-risk">Investment risk warning</h2>
        <p>
          Investing in securities involves risk, including the loss of the money you invest. Past
          performance does not guarantee future results. Consider your circumstances and seek advice
          from a licensed professional before you invest.
        </p>
      </section>
      <section aria-labelledby="disclaimer-accuracy">
        <h2 id="disclaimer-accuracy">Data accuracy</h2>
        <p>
          Prices, statements, ratios and screens come from third-party sources and calculations that
          may be delayed, incomplete or wrong. Check important figures against the company's own
          filings.
        </p>
      </section>
      <section aria-labelledby="disclaimer-warranty">
        <h2 id="disclaimer-warranty">No warranties</h2>
        <p>
          {PRODUCT_NAME} is provided “as is” without warranties of any kind, express or implied,
          including fitness for a particular purpose.
        </p>
      </section>
      <section aria-labelledby="disclaimer-liability">
        <h2 id="disclaimer-liability">Limitation of liability</h2>
        <p>
          To the extent the law allows, {PRODUCT_NAME} is not liable for any loss or damage arising
          from the use of, or reliance on, the information on this site.
        </p>
      </section>
    </article>
  );
}

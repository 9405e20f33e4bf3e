import { PRODUCT_NAME } from '../../../lib/brand';

export function AboutPage() {
  return (
    <article aria-labelledby="about-title" className="prose">
      <h1 id="about-title">About {PRODUCT_NAME}</h1>
      <p className="lead">
        Our mission is to give every individual investor the clear, reliable market information that
        used to be reserved for professionals: global stock search, quotes, financial statements,
        ratios and a Shariah-compliance screen, in one place.
      </p>
      <div className="card-grid">
        <section className="card" aria-labelledby="about-realtime">
          <h2 id="about-realtime">Real-Time Data</h2>
          <p>
            Quotes, intraday charts and market indexes from the United States, Europe, India, China,
            Hong Kong, Japan and Saudi Arabia, refreshed while markets are open.
          </p>
        </section>
        <section className="card" aria-labelledby="about-analytics">
          <h2 id="about-analytics">Advanced Analytics</h2>
          <p>
            Trailing-twelve-month ratios, ten years of income statements, balance sheets and cash
            flows, analyst ratings and price targets, and screening against six Shariah standards.
          </p>
        </section>
      </div>
      <InformationalNotice />
    </article>
  );
}

export function InformationalNotice() {
  return (
    <p className="notice" role="note">
      The content of {PRODUCT_NAME} is for informational purposes only and does not constitute
      investment advice.
    </p>
  );
}

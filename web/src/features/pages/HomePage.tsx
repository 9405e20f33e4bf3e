export function HomePage() {
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Global markets at a glance</h1>
      <p className="lead">
        Search stocks from the United States, Europe, Asia and the Gulf; read quotes, ratios,
        charts, financial statements, analyst views and a Shariah-compliance screen.
      </p>
      <p className="notice">
        The information on this site is for informational purposes only and is not investment
        advice.
      </p>
    </section>
  );
}

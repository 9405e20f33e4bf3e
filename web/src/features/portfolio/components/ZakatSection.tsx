import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { formatNumber, formatPercent } from '@core/format';
import type { PortfolioSummary } from '@core/portfolio/summary';
import { NISAB_GRAMS, type HoldingZakat } from '@core/portfolio/zakat';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { money } from '../lib/figures';
import { printSection } from '../lib/print-section';
import { todayText } from '../lib/today';
import type { ZakatChoices } from '../lib/zakat-choices';
import { ZAKAT_FIELD_LABELS, zakatResolver, type ZakatFormValues } from '../lib/zakat-form';

const METHOD_NAMES = { investment: 'Held for investment', trading: 'Held for trading' } as const;

/** What the holding's zakat falls on, in words with every figure. */
function basisText(h: Exclude<HoldingZakat, { missing: string }>): string {
  if ('price' in h.inputs) return `market price ${formatNumber(h.inputs.price)}`;
  const b = h.inputs;
  return (
    `balance sheet of ${b.date} (${b.reportedCurrency}): cash ${formatNumber(b.cashAndCashEquivalents)}` +
    ` + receivables ${formatNumber(b.netReceivables)} + inventory ${formatNumber(b.inventory)}` +
    ` + short-term investments ${formatNumber(b.shortTermInvestments)}` +
    `, over ${formatNumber(h.sharesOutstanding ?? null)} shares outstanding`
  );
}

/**
 * Zakat on the holdings for a day the user picks: per holding by the method chosen for it
 * (investment: the company's zakatable assets per share; trading: the market value), at 2.5 % for
 * a lunar year or 2.577 % for a solar one, due when the zakatable wealth reaches the nisab of the
 * gold or silver price entered. Every input is shown, and the report prints on its own.
 */
export function ZakatSection({
  summary,
  name,
  choices,
  onChoose,
}: {
  readonly summary: PortfolioSummary;
  readonly name: string;
  readonly choices: ZakatChoices | undefined;
  readonly onChoose: (choices: ZakatChoices) => void;
}) {
  const id = useId();
  const report = useRef<HTMLElement>(null);
  const c = summary.currency;
  const held = summary.holdings.filter((h) => h.quantity > 0);
  const form = useForm<ZakatFormValues, unknown, ZakatChoices>({
    mode: 'onTouched',
    resolver: zakatResolver,
    defaultValues: {
      date: choices?.date ?? todayText(),
      year: choices?.year ?? 'lunar',
      nisabMetal: choices?.nisabMetal ?? 'gold',
      pricePerGram: choices ? String(choices.pricePerGram) : '',
      otherWealth: choices ? String(choices.otherWealth) : '0',
      methods: Object.fromEntries(
        held.map((h) => [h.symbol, choices?.methods[h.symbol] ?? 'investment']),
      ),
    },
  });
  const { errors } = form.formState;
  const errorOf = (field: keyof typeof ZAKAT_FIELD_LABELS) => {
    const message = errors[field]?.message;
    return message ? (
      <span id={`${id}-${field}-error`} className="portfolio-error">
        {message}
      </span>
    ) : null;
  };
  const described = (field: keyof typeof ZAKAT_FIELD_LABELS) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const zakat = summary.zakat;

  return (
    <section ref={report} className="portfolio-part" aria-labelledby="portfolio-zakat">
      <div className="portfolio-part-head">
        <h4 id="portfolio-zakat">Zakat estimate</h4>
        {zakat && (
          <button type="button" className="button" onClick={() => printSection(report.current)}>
            Print zakat report
          </button>
        )}
      </div>
      <form className="zakat-form" noValidate onSubmit={form.handleSubmit(onChoose)}>
        <div className="transaction-field">
          <label htmlFor={`${id}-date`}>{ZAKAT_FIELD_LABELS.date}</label>
          <input id={`${id}-date`} type="date" {...form.register('date')} {...described('date')} />
          {errorOf('date')}
        </div>
        <div className="transaction-field">
          <label htmlFor={`${id}-year`}>{ZAKAT_FIELD_LABELS.year}</label>
          <select id={`${id}-year`} {...form.register('year')}>
            <option value="lunar">Lunar (2.5%)</option>
            <option value="solar">Solar (2.577%)</option>
          </select>
        </div>
        <div className="transaction-field">
          <label htmlFor={`${id}-metal`}>{ZAKAT_FIELD_LABELS.nisabMetal}</label>
          <select id={`${id}-metal`} {...form.register('nisabMetal')}>
            <option value="gold">Gold ({NISAB_GRAMS.gold} g)</option>
            <option value="silver">Silver ({NISAB_GRAMS.silver} g)</option>
          </select>
        </div>
        <div className="transaction-field">
          <label htmlFor={`${id}-price`}>
            {ZAKAT_FIELD_LABELS.pricePerGram} ({c})
          </label>
          <input
            id={`${id}-price`}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('pricePerGram')}
            {...described('pricePerGram')}
          />
          {errorOf('pricePerGram')}
        </div>
        <div className="transaction-field">
          <label htmlFor={`${id}-other`}>
            {ZAKAT_FIELD_LABELS.otherWealth} ({c})
          </label>
          <input
            id={`${id}-other`}
            inputMode="decimal"
            autoComplete="off"
            {...form.register('otherWealth')}
            {...described('otherWealth')}
          />
          {errorOf('otherWealth')}
        </div>
        {held.map((h) => (
          <div className="transaction-field" key={h.symbol}>
            <label htmlFor={`${id}-method-${h.symbol}`}>{h.symbol}</label>
            <select id={`${id}-method-${h.symbol}`} {...form.register(`methods.${h.symbol}`)}>
              <option value="investment">{METHOD_NAMES.investment}</option>
              <option value="trading">{METHOD_NAMES.trading}</option>
            </select>
          </div>
        ))}
        <div className="transaction-buttons">
          <button type="submit" className="button primary">
            Estimate zakat
          </button>
        </div>
      </form>
      {!zakat ? (
        <p className="portfolio-note">
          Enter the price of a gram of gold or silver to estimate the zakat on these holdings.
        </p>
      ) : (
        <>
          <p className="muted">
            {name}: zakat for {zakat.date}, a {zakat.year} year at{' '}
            {formatPercent(zakat.rate, { ratio: true })}, in {c}.
          </p>
          <ScrollingTable label="Zakat by holding" className="data-table">
            <thead>
              <tr>
                <th scope="col">Holding</th>
                <th scope="col">Method</th>
                <th scope="col" className="num">
                  Shares
                </th>
                <th scope="col">Inputs</th>
                <th scope="col" className="num">
                  Per share
                </th>
                <th scope="col" className="num">
                  Zakatable base
                </th>
                <th scope="col" className="num">
                  Zakat
                </th>
              </tr>
            </thead>
            <tbody>
              {zakat.holdings.map((h) => (
                <tr key={h.symbol}>
                  <th scope="row">{h.symbol}</th>
                  <td>{METHOD_NAMES[h.method]}</td>
                  <td className="num">{formatNumber(h.shares)}</td>
                  {'missing' in h ? (
                    <td colSpan={4} className="portfolio-missing">
                      Missing: {h.missing}.
                    </td>
                  ) : (
                    <>
                      <td className="portfolio-inputs">{basisText(h)}</td>
                      <td className="num">{formatNumber(h.perShare)}</td>
                      <td className="num">{money(h.base, c)}</td>
                      <td className="num">{money(h.zakat, c)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
          <dl className="details portfolio-totals" data-testid="zakat-totals">
            <dt>Zakatable base of the holdings</dt>
            <dd>{money(zakat.base, c)}</dd>
            <dt>Other zakatable wealth</dt>
            <dd>{money(zakat.otherWealth, c)}</dd>
            <dt>Nisab</dt>
            <dd>
              {zakat.nisab.grams} g of {zakat.nisab.metal} ×{' '}
              {formatNumber(zakat.nisab.pricePerGram)} = {money(zakat.nisab.threshold, c)}
            </dd>
            <dt>Zakat on the holdings</dt>
            <dd>{money(zakat.zakat, c)}</dd>
            <dt>Zakat due</dt>
            <dd>
              {money(zakat.due, c)}
              {zakat.meetsNisab ? '' : ' (below the nisab)'}
            </dd>
          </dl>
          {zakat.missingInputs > 0 && (
            <p className="portfolio-note">
              {zakat.missingInputs} holding{zakat.missingInputs === 1 ? ' is' : 's are'} left out of
              the totals for a missing input.
            </p>
          )}
        </>
      )}
    </section>
  );
}

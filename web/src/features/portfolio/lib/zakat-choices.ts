import type { NisabMetal, ZakatMethod, ZakatYear } from '@core/portfolio/zakat';

/** What the user chose for a zakat estimate (sent in the summary's query). */
export interface ZakatChoices {
  readonly date: string;
  readonly year: ZakatYear;
  readonly nisabMetal: NisabMetal;
  /** In the portfolio's currency. */
  readonly pricePerGram: number;
  readonly otherWealth: number;
  /** By symbol; a holding not named is held for investment. */
  readonly methods: Readonly<Record<string, ZakatMethod>>;
}

/** The day on which a simulated instrument closes at its anchorPrice (see MarketInstrument). */
export const ANCHOR_DATE = '2025-01-02';

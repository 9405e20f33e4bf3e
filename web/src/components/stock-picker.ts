import type { ReactNode } from 'react';

/** The site's stock search as app/ hands it to a feature: a box that picks one stock by symbol. */
export type StockPicker = (props: {
  readonly label: string;
  readonly onPick: (symbol: string) => void;
}) => ReactNode;

/** The curation console's screens, loaded as one chunk. */
export { DescriptionScreen } from './DescriptionScreen';
export { SheetsScreen } from './SheetsScreen';
export { StocksScreen } from './StocksScreen';
export { AddStockScreen, StockDetailScreen } from './StockScreens';
export { AnalystScreen } from './AnalystScreen';
export { ShariahScreen } from './ShariahScreen';

/** The curation console's screens, loaded as one chunk. */
export { DescriptionScreen } from './description/components/DescriptionScreen';
export { SheetsScreen } from './sheets/components/SheetsScreen';
export { AnalystScreen } from './analyst/components/AnalystScreen';
export { ShariahScreen } from './shariah/components/ShariahScreen';

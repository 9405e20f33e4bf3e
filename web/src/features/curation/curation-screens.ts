/** The curation console's screens, loaded as one chunk. */
export { DescriptionScreen } from './description/components/DescriptionScreen';

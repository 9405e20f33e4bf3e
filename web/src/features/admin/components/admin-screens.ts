/** The admin area's screens, loaded as one chunk. */
export { AdminDashboard } from './AdminDashboard';
export { AdminSettingsIndex } from './AdminSettingsPage';
export { EditorsScreen } from './EditorsScreen';
export { UsersScreen } from './UsersScreen';

/** The admin area's screens, loaded as one chunk. */
export { AdminDashboard } from './AdminDashboard';
export { AdminSettingsIndex, AdminSettingsSection } from './AdminSettingsPage';
export { EditorsScreen } from './EditorsScreen';
export { UsersScreen } from './UsersScreen';

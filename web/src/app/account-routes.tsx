import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/*
 * The signed-in half of SPEC §2's route table: guest-only sign-in screens, the user's private
 * screens and the admin area. Every screen loads lazily (with Amplify behind it), so the public
 * site's first bundle carries none of it.
 */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const auth = () => import('../features/auth/screens/auth-screens');
const LoginScreen = named(auth, 'LoginScreen');
const RegisterScreen = named(auth, 'RegisterScreen');
const VerifyCodeScreen = named(auth, 'VerifyCodeScreen');
const ForgetPasswordScreen = named(auth, 'ForgetPasswordScreen');
const ProfileScreen = named(
  () => import('../features/auth/screens/ProfileScreen'),
  'ProfileScreen',
);
const UserDashboard = named(() => import('../features/dashboard/UserDashboard'), 'UserDashboard');
const PaymentSuccessPage = named(
  () => import('../features/dashboard/PaymentSuccessPage'),
  'PaymentSuccessPage',
);
const ScreenerScreen = named(() => import('../features/screener/ScreenerScreen'), 'ScreenerScreen');
const admin = () => import('../features/admin/admin-screens');
const AdminDashboard = named(admin, 'AdminDashboard');
const AdminSettingsIndex = named(admin, 'AdminSettingsIndex');
const AdminSettingsSection = named(admin, 'AdminSettingsSection');
const UsersScreen = named(admin, 'UsersScreen');
const EditorsScreen = named(admin, 'EditorsScreen');

const screener = <ScreenerScreen />;
const section = <AdminSettingsSection />;

export const accountRoutes: RouteObject[] = [
  { path: 'dashboard', element: <UserDashboard /> },
  { path: 'login', element: <LoginScreen /> },
  { path: 'register', element: <RegisterScreen /> },
  { path: 'verify-code', element: <VerifyCodeScreen /> },
  { path: 'forget-password', element: <ForgetPasswordScreen /> },
  { path: 'profile', element: <ProfileScreen /> },
  { path: 'payment-success', element: <PaymentSuccessPage /> },
  { path: 'screener', element: screener },
  { path: 'analysis', element: screener },
  { path: 'calender', element: screener },
  { path: 'admin/dashboard', element: <AdminDashboard /> },
  { path: 'admin/screener', element: screener },
  { path: 'admin/analysis', element: screener },
  { path: 'admin/calender', element: screener },
  { path: 'admin/settings', element: <AdminSettingsIndex /> },
  { path: 'admin/settings/stocks', element: section },
  { path: 'admin/settings/stocks/add', element: section },
  { path: 'admin/settings/stocks/detail/:isin', element: section },
  { path: 'admin/settings/sheets', element: section },
  { path: 'admin/settings/sheets/:isin', element: section },
  { path: 'admin/settings/sheets/:isin/add', element: section },
  { path: 'admin/settings/sheets/:isin/edit/:id', element: section },
  { path: 'admin/settings/users', element: <UsersScreen /> },
  { path: 'admin/settings/analyst', element: section },
  { path: 'admin/settings/shariah', element: section },
  { path: 'admin/settings/description', element: section },
  { path: 'admin/settings/editors', element: <EditorsScreen /> },
];

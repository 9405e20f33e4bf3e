import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RoutePath } from '@core/routes';
import { WorkspaceTabs } from '../components/workspace/WorkspaceTabs';
import { companyPicker } from './stock-picker';
import { WORKSPACE_TABS } from './workspace-tabs';

/*
 * The signed-in half of SPEC §2's route table: guest-only sign-in screens, the user's private
 * screens and the admin area. Every screen loads lazily (with Amplify behind it), so the public
 * site's first bundle carries none of it.
 */
const named = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((m) => ({ default: m[name] })));

const auth = () => import('../features/auth/components/auth-screens');
const LoginScreen = named(auth, 'LoginScreen');
const RegisterScreen = named(auth, 'RegisterScreen');
const VerifyCodeScreen = named(auth, 'VerifyCodeScreen');
const ForgetPasswordScreen = named(auth, 'ForgetPasswordScreen');
const ProfileScreen = named(
  () => import('../features/auth/components/ProfileScreen'),
  'ProfileScreen',
);
const UserDashboard = named<'UserDashboard', { workspace?: ReactNode }>(
  () => import('../features/dashboard/components/UserDashboard'),
  'UserDashboard',
);
const InvestorWorkspace = named(
  () => import('../features/watchlists/components/InvestorWorkspace'),
  'InvestorWorkspace',
);
const PortfoliosSection = named(
  () => import('../features/portfolio/components/PortfoliosSection'),
  'PortfoliosSection',
);
const PaymentSuccessPage = named(
  () => import('../features/subscription/components/PaymentSuccessPage'),
  'PaymentSuccessPage',
);
const SubscriptionPanel = named(
  () => import('../features/subscription/components/SubscriptionPanel'),
  'SubscriptionPanel',
);
const admin = () => import('../features/admin/components/admin-screens');
const AdminDashboard = named(admin, 'AdminDashboard');
const AdminSettingsIndex = named(admin, 'AdminSettingsIndex');
const UsersScreen = named(admin, 'UsersScreen');
const curation = () => import('../features/curation/components/curation-screens');
const DescriptionScreen = named(curation, 'DescriptionScreen');
const SheetsScreen = named(curation, 'SheetsScreen');
const StocksScreen = named<'StocksScreen'>(curation, 'StocksScreen');
const AddStockScreen = named<'AddStockScreen'>(curation, 'AddStockScreen');
const StockDetailScreen = named<'StockDetailScreen'>(curation, 'StockDetailScreen');
const AnalystScreen = named(curation, 'AnalystScreen');
const ShariahScreen = named(curation, 'ShariahScreen');
const EditorsScreen = named(admin, 'EditorsScreen');

/** /screener, /analysis and /calender: one screen, its tab by the path (app/workspace-tabs.tsx). */
const workspace = (tab: string) => <WorkspaceTabs tabs={WORKSPACE_TABS} active={tab} />;
const sheets = <SheetsScreen companyPicker={companyPicker} />;

/** What each of these §2 paths shows (app/routes.tsx completes the table and guards it). */
export const accountElements = {
  '/dashboard': (
    <UserDashboard
      workspace={
        <>
          <InvestorWorkspace stockPicker={companyPicker} />
          <PortfoliosSection />
        </>
      }
    />
  ),
  '/login': <LoginScreen />,
  '/register': <RegisterScreen />,
  '/verify-code': <VerifyCodeScreen />,
  '/forget-password': <ForgetPasswordScreen />,
  // The user's profile carries the subscription (features/subscription); staff have none.
  '/profile': <ProfileScreen subscription={<SubscriptionPanel />} />,
  '/payment-success': <PaymentSuccessPage />,
  '/screener': workspace('screener'),
  '/analysis': workspace('analysis'),
  '/calender': workspace('calender'),
  '/admin/dashboard': <AdminDashboard />,
  '/admin/profile': <ProfileScreen />,
  '/admin/screener': workspace('screener'),
  '/admin/analysis': workspace('analysis'),
  '/admin/calender': workspace('calender'),
  '/admin/settings': <AdminSettingsIndex />,
  '/admin/settings/stocks': <StocksScreen />,
  '/admin/settings/stocks/add': <AddStockScreen />,
  '/admin/settings/stocks/detail/:isin': <StockDetailScreen />,
  '/admin/settings/sheets': sheets,
  '/admin/settings/sheets/:isin': sheets,
  '/admin/settings/sheets/:isin/add': sheets,
  '/admin/settings/sheets/:isin/edit/:id': sheets,
  '/admin/settings/users': <UsersScreen />,
  '/admin/settings/analyst': <AnalystScreen companyPicker={companyPicker} />,
  '/admin/settings/shariah': <ShariahScreen companyPicker={companyPicker} />,
  '/admin/settings/description': <DescriptionScreen companyPicker={companyPicker} />,
  '/admin/settings/editors': <EditorsScreen />,
} satisfies Partial<Record<RoutePath, ReactNode>>;

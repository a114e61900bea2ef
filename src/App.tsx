import { Admin, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { ROUTES } from './access';
import { dataProvider } from './api';
import { http } from './http';
import { createAuthProvider } from './authProvider';
import { ConsoleLayout } from './shell/layout/ConsoleLayout';
import { RouteGuard } from './shell/guard/RouteGuard';
import { ToastNotification } from './shell/toast';
import { lazyScreen } from './shell/loading/lazyScreen';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './shell/errors';
import { darkTheme, lightTheme } from './shell/brand';
import { LeaveForSignIn } from './startup/LeaveForSignIn';
import { resources } from './resources';
import { withResourceAccess } from './resources/engine';
import { LITE_PROPOSAL_PATH } from './resources/multisig/proposalPage';
import { signListsShownOn } from './resources/multisig/signLists';
import { createConsoleQueryClient, startFirstScreen } from './shell/firstScreen';

const HomePage = lazyScreen(() => import('./pages/home/HomePage'));
const TermsPage = lazyScreen(() => import('./pages/status/TermsPage'));

const authProvider = withResourceAccess(createAuthProvider(http), resources, signListsShownOn);
const queryClient = createConsoleQueryClient();
// A deep link's screen: its code and its first read start now, while the console renders (docs/console.md "The first load").
startFirstScreen(window.location, resources, queryClient, dataProvider);
const BrandEditor = lazyScreen(() => import('./shell/brand/BrandEditor'));
const OrgPage = lazyScreen(() => import('./pages/org/OrgPage'));
const OrderRepairPage = lazyScreen(() => import('./pages/orderRepair/OrderRepairPage'));
const AccountPage = lazyScreen(() => import('./pages/account/AccountPage'));
const PolicyPage = lazyScreen(() => import('./pages/policy/PolicyPage'));
const LiteProposalPage = lazyScreen(() => import('./pages/liteProposal/LiteProposalPage'));
const orgScreen = (labelKey: string) => <OrgPage labelKey={labelKey} />;
/** The guarded routes that are no declared resource: each has its own screen. */
const screens: Record<string, (labelKey: string) => React.ReactElement> = {
  '/home': () => <HomePage />,
  '/brand': () => <BrandEditor />,
  '/order-repair': () => <OrderRepairPage />,
  '/account': () => <AccountPage />,
  '/policy': () => <PolicyPage />,
  '/operator': orgScreen,
  '/agent': orgScreen,
  '/merchant-pro': orgScreen,
  '/merchant-std': orgScreen,
  '/merchant-lite': orgScreen,
};

const AccessDenied = () => <Navigate to="/403" replace />;
const GoHome = () => <Navigate to="/home" replace />;

export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={ConsoleLayout}
      loginPage={LeaveForSignIn}
      dashboard={GoHome}
      accessDenied={AccessDenied}
      catchAll={NotFoundPage}
      notification={ToastNotification}
      theme={lightTheme}
      darkTheme={darkTheme}
      disableTelemetry
    >
      {resources.map((r) => (
        <Resource key={r.name} {...r.props} />
      ))}
      <CustomRoutes>
        {ROUTES.filter((r) => Object.hasOwn(screens, r.path)).map((route) => (
          <Route
            key={route.path}
            path={`${route.path}/*`}
            element={<RouteGuard path={route.path}>{screens[route.path](route.labelKey)}</RouteGuard>}
          />
        ))}
        {/* Under a declared resource's route, guarded by it: a lite signer's proposal page (no /multisig for the lite row). */}
        <Route
          path={`${LITE_PROPOSAL_PATH}/:id`}
          element={
            <RouteGuard path={LITE_PROPOSAL_PATH}>
              <LiteProposalPage />
            </RouteGuard>
          }
        />
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/403" element={<ForbiddenPage />} />
        <Route path="/500" element={<ServerErrorPage />} />
        <Route path="/terms" element={<TermsPage />} />
      </CustomRoutes>
    </Admin>
  );
}

import { lazy, Suspense } from 'react';
import { contactPage, home, publicFormPage, shell } from './first-screen.ts';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../stores/session.ts';
import { LoginPage } from '../screens/LoginPage.tsx';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { RequireSession } from './RequireSession.tsx';
import { publicPaths } from './public-paths.ts';
import { LoadingBar } from '../shell/LoadingBar.tsx';
import { SessionLayer } from '../session/SessionLayer.tsx';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';

const AppShell = shell.Component;
const HomePage = home.Component;
const ScreenRoute = lazy(() => import('../screens/screen/ScreenRoute.tsx'));
const NotFoundPage = lazy(() => import('../screens/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

const ConcurrentSessionsPage = lazy(() => import('../screens/sessions/ConcurrentSessionsPage.tsx'));
const RecordLocksPage = lazy(() => import('../locks/RecordLocksPage.tsx'));
const FormBuildPage = lazy(() => import('../screens/forms/build/FormBuildPage.tsx'));
const ChangePasswordRequestPage = lazy(() => import('../screens/account/ChangePasswordRequestPage.tsx'));

// The public account screens share one chunk, fetched on first use.
const account = () => import('../screens/account/index.ts');
const TokenLoginPage = lazy(() => account().then((m) => ({ default: m.TokenLoginPage })));
const ActivatePage = lazy(() => account().then((m) => ({ default: m.ActivatePage })));
const ActivateUpdatePasswordPage = lazy(() => account().then((m) => ({ default: m.ActivateUpdatePasswordPage })));
const ChangePasswordPage = lazy(() => account().then((m) => ({ default: m.ChangePasswordPage })));
const PasswordRecoveryPage = lazy(() => account().then((m) => ({ default: m.PasswordRecoveryPage })));
const UserNameRecoveryPage = lazy(() => account().then((m) => ({ default: m.UserNameRecoveryPage })));
const InvalidVerificationCodePage = lazy(() => account().then((m) => ({ default: m.InvalidVerificationCodePage })));
// Spec 1 "Public routes": /user/create without a module check is self-registration for a visitor who is not signed in.
const SelfRegistrationPage = lazy(() => import('../screens/users/SelfRegistrationPage.tsx'));
const selfRegistrationPath = '/user/create';
const BulletinPage = lazy(() => import('../screens/public-pages/BulletinPage.tsx'));
const ContactUsPage = contactPage.Component;
const ScheduleBigPicturePage = lazy(() => import('../screens/public-pages/ScheduleBigPicturePage.tsx'));
// A built form published to the public: the form's engine loads only when one is opened.
const PublicFormPage = publicFormPage.Component;

/** Pages of the shell itself, by the route-table name the server gives them (server/modules/app/route-table.ts). */
const shellPages: Record<string, () => React.ReactNode> = {
  home: () => <HomePage />,
  'session.list': () => <ConcurrentSessionsPage />,
  'recordlock.list': () => <RecordLocksPage />,
  'form.build': () => <FormBuildPage />,
  // Named once the server's route table lists it for module RequestPasswordReset.
  'user.changepasswordrequest': () => <ChangePasswordRequestPage />,
};

function elementFor(entry: RouteEntry) {
  if (entry.ScreenId) return <ScreenRoute entry={entry} />;
  const page = shellPages[entry.Name];
  return page ? page() : <NotFoundPage />;
}

/**
 * Public routes are always mounted; private routes come from the server's route table, mounted once
 * the session has started and gone when it ends. Around them: the loading bar and the session's timers and
 * notices, on every screen.
 */
export function AppRoutes() {
  const routes = useSession((s) => s.routes);
  const signedIn = useSession((s) => s.token !== null);
  return (
    <>
      <LoadingBar />
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path={publicPaths.login} element={<LoginPage />} />
          <Route path={publicPaths.tokenLogin} element={<TokenLoginPage />} />
          <Route path={publicPaths.activate} element={<ActivatePage />} />
          <Route path={publicPaths.activateUpdatePassword} element={<ActivateUpdatePasswordPage />} />
          <Route path={publicPaths.changePassword} element={<ChangePasswordPage />} />
          <Route path={publicPaths.passwordRecovery} element={<PasswordRecoveryPage />} />
          <Route path={publicPaths.userNameRecovery} element={<UserNameRecoveryPage />} />
          <Route path={publicPaths.invalidVerificationCode} element={<InvalidVerificationCodePage />} />
          <Route path={publicPaths.bulletin} element={<BulletinPage />} />
          <Route path={publicPaths.contactUs} element={<ContactUsPage />} />
          <Route path={publicPaths.scheduleBigPicture} element={<ScheduleBigPicturePage />} />
          <Route path={publicPaths.publicForm} element={<PublicFormPage />} />
          {/* Signed in, the route table's /user/create (the administrator's form, module RegisterUser) takes its place. */}
          {!signedIn && <Route path={selfRegistrationPath} element={<SelfRegistrationPage />} />}
          <Route element={<RequireSession />}>
            <Route element={<AppShell />}>
              <Route index element={<Navigate to="/home" replace />} />
              {(routes ?? []).map((entry) => (
                <Route key={entry.Name} path={entry.Url} element={elementFor(entry)} />
              ))}
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
      <SessionLayer />
    </>
  );
}

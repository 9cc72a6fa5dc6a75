import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from './lazy-screen.ts';

/** The app's screen components, by the names screen documents give them in `components`. */
registerScreenComponent('AppSettingForm', lazyScreen(() => import('../settings/AppSettingForm.tsx').then((m) => m.AppSettingForm)));
registerScreenComponent('MyAccount', lazyScreen(() => import('../my-account/MyAccountPage.tsx').then((m) => m.default)));
registerScreenComponent('UserList', lazyScreen(() => import('../users/UserListRoute.tsx').then((m) => m.UserListRoute)));
registerScreenComponent('MailOutboxRead', lazyScreen(() => import('../mail-outbox/MailOutboxRead.tsx').then((m) => m.MailOutboxRead)));
registerScreenComponent('UserUpdate', lazyScreen(() => import('../users/UserUpdateRoute.tsx').then((m) => m.UserUpdateRoute)));
import '../forms/register.ts';
import '../simple-lookups/register.ts';
import '../pages/register.ts';
import '../transfer/register.ts';
import '../circles/register.ts';
import '../reports/register.ts';
import '../reports/builder/register.ts';
import '../error-log/register.ts';
import '../widgets/register.ts';

import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { AppSettingForm } from '../settings/AppSettingForm.tsx';
import MyAccountPage from '../my-account/MyAccountPage.tsx';
import { UserListRoute } from '../users/UserListRoute.tsx';
import { UserUpdateRoute } from '../users/UserUpdateRoute.tsx';

/** The app's screen components, by the names screen documents give them in `components`. */
registerScreenComponent('AppSettingForm', AppSettingForm);
registerScreenComponent('MyAccount', MyAccountPage);
registerScreenComponent('UserList', UserListRoute);
registerScreenComponent('UserUpdate', UserUpdateRoute);
import '../forms/register.ts';
import '../simple-lookups/register.ts';
import '../pages/register.ts';
import '../transfer/register.ts';

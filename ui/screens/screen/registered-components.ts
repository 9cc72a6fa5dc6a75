import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import MyAccountPage from '../my-account/MyAccountPage.tsx';

/** The custom parts screen documents name in `components` (the rest of every screen is generic). */
registerScreenComponent('MyAccount', MyAccountPage);

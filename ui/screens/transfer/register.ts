import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

/** The Application Transfer screen, registered by the name metadata/screens/transfer.json gives it. */
registerScreenComponent('ApplicationTransfer', lazyScreen(() => import('./TransferPage.tsx').then((m) => m.default)));

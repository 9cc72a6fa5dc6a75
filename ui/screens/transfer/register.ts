import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import TransferPage from './TransferPage.tsx';

/** The Application Transfer screen, registered by the name metadata/screens/transfer.json gives it. */
registerScreenComponent('ApplicationTransfer', TransferPage);

import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

/** The reports screen, registered by the name metadata/screens/reports.json gives it. */
registerScreenComponent('Reports', lazyScreen(() => import('./ReportsPage.tsx').then((m) => m.default)));

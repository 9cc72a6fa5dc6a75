import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

/** The widget manager's screens (metadata/screens/homeconfiguration.json): the widgets with each role's order, and one widget's form. */
registerScreenComponent('HomeWidgetList', lazyScreen(() => import('./WidgetListPage.tsx').then((m) => m.default)));
registerScreenComponent('HomeWidgetEditor', lazyScreen(() => import('./WidgetEditPage.tsx').then((m) => m.default)));

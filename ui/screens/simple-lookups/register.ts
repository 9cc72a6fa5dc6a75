import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

/** The simple lookup screens' components, registered by the names metadata/screens/simplelookups.json gives them. */
registerScreenComponent('SimpleLookupList', lazyScreen(() => import('./SimpleLookupListRoute.tsx').then((m) => m.SimpleLookupListRoute)));
registerScreenComponent('SimpleLookupItemForm', lazyScreen(() => import('./SimpleLookupItemRoute.tsx').then((m) => m.SimpleLookupItemRoute)));

/** The page screens' components, registered by name. */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

registerScreenComponent('PageUpdate', lazyScreen(() => import('./PageUpdateRoute.tsx').then((m) => m.PageUpdateRoute)));

/** The page screens' components, registered by name. */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { PageUpdateRoute } from './PageUpdateRoute.tsx';

registerScreenComponent('PageUpdate', PageUpdateRoute);

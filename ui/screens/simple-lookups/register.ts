import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { SimpleLookupListRoute } from './SimpleLookupListRoute.tsx';
import { SimpleLookupItemRoute } from './SimpleLookupItemRoute.tsx';

/** The simple lookup screens' components, registered by the names metadata/screens/simplelookups.json gives them. */
registerScreenComponent('SimpleLookupList', SimpleLookupListRoute);
registerScreenComponent('SimpleLookupItemForm', SimpleLookupItemRoute);

/** The page screens' components, registered by name. */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';
import { registerFormField, registerFormWidget } from '../../../engine/react/form/control-registry.ts';
import { lazyControl } from '../../../engine/widgets/shared/lazy-control.tsx';

registerScreenComponent('PageUpdate', lazyScreen(() => import('./PageUpdateRoute.tsx').then((m) => m.PageUpdateRoute)));
// The page field screen's type select and attribute editor (metadata/screens/pagefields.json names them).
registerFormWidget('pageFieldType', lazyControl(() => import('./PageFieldControls.tsx').then((m) => m.PageFieldTypeWidget)));
registerFormField('pageFieldAttributes', lazyControl(() => import('./PageFieldControls.tsx').then((m) => m.PageFieldAttributesField)));

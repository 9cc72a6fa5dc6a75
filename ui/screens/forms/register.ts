/** The Form Management screens' components (FormUpdate, FormView, the form field editor), registered by name. */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

registerScreenComponent('FormUpdate', lazyScreen(() => import('./FormUpdateRoute.tsx').then((m) => m.FormUpdateRoute)));
registerScreenComponent('FormView', lazyScreen(() => import('./FormViewRoute.tsx').then((m) => m.FormViewRoute)));
registerScreenComponent('FormFieldEditor', lazyScreen(() => import('./FormFieldEditorRoute.tsx').then((m) => m.FormFieldEditorRoute)));
registerScreenComponent('FormFieldDelete', lazyScreen(() => import('./FormFieldDeleteRoute.tsx').then((m) => m.FormFieldDeleteRoute)));

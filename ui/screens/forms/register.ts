/** The Form Management screens' components (FormUpdate, FormView, the form field editor), registered by name. */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { FormUpdateRoute } from './FormUpdateRoute.tsx';
import { FormViewRoute } from './FormViewRoute.tsx';
import { FormFieldEditorRoute } from './FormFieldEditorRoute.tsx';
import { FormFieldDeleteRoute } from './FormFieldDeleteRoute.tsx';

registerScreenComponent('FormUpdate', FormUpdateRoute);
registerScreenComponent('FormView', FormViewRoute);
registerScreenComponent('FormFieldEditor', FormFieldEditorRoute);
registerScreenComponent('FormFieldDelete', FormFieldDeleteRoute);

import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { AppSettingForm } from '../settings/AppSettingForm.tsx';

/** The app's screen components, by the names screen documents give them in `components`. */
registerScreenComponent('AppSettingForm', AppSettingForm);

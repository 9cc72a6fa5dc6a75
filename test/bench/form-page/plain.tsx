import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { generatedScreen } from './generated-screen.ts';
import { mountBenchPage } from './bench-page.tsx';

/**
 * The reference the engine's form is compared with: the same generated schema in a plain `Form` of
 * @rjsf/mui with @rjsf/validator-ajv8, used as its documentation shows (uncontrolled, default options),
 * under the app's MUI theme, with none of the engine's code.
 */

const params = new URLSearchParams(location.search);
const { entity } = generatedScreen(Number(params.get('fields') ?? 200), false);
const record = { Id: 1 };

mountBenchPage(<Form schema={entity as RJSFSchema} validator={validator} formData={record} />);

import { createMemoryRouter, RouterProvider } from 'react-router';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { generatedScreen } from './generated-screen.ts';
import { mountBenchPage } from './bench-page.tsx';

const params = new URLSearchParams(location.search);
const { screen, entity } = generatedScreen(Number(params.get('fields') ?? 200), params.get('sections') !== 'off');
const record = { Id: 1 };

// The engine's form screen, inside a router as in the app.
mountBenchPage(
  <FormScreen screen={screen} entity={entity} mode="update" record={record} title="200 fields" save={async (v) => v} onDone={() => {}} />,
  (page) => <RouterProvider router={createMemoryRouter([{ path: '*', element: page }])} />,
);

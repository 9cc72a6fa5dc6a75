import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { FormMode } from '../../../engine/core/forms/types.ts';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { FailureScreen } from '../FailureScreen.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { useScreenPayload } from './useScreenPayload.ts';
import { useRouteFailure } from '../../routing/useRouteFailure.ts';
import { RegisteredRoute } from './RegisteredRoute.tsx';
import './registered-components.ts';

// Each kind's code is fetched when a route of that kind first shows: a list does not load the form engine.
const ListRoute = lazy(() => import('./ListRoute.tsx').then((m) => ({ default: m.ListRoute })));
const FormRoute = lazy(() => import('./FormRoute.tsx').then((m) => ({ default: m.FormRoute })));
const ImportRoute = lazy(() => import('../imports/ImportRoute.tsx').then((m) => ({ default: m.ImportRoute })));

const formModes: FormMode[] = ['create', 'update', 'read', 'delete'];

/** A route of the route table that names a screen: its document is fetched and rendered by the engine. */
export default function ScreenRoute({ entry }: { entry: RouteEntry }) {
  return <Suspense fallback={<LoadingScreen />}><ScreenOfRoute entry={entry} /></Suspense>;
}

function ScreenOfRoute({ entry }: { entry: RouteEntry }): ReactNode {
  const { payload, failure } = useScreenPayload(entry.ScreenId!);
  const wentBack = useRouteFailure(failure);
  const kind = entry.Name.split('.').pop() as ScreenComponentProps['kind'];
  if (wentBack) return <LoadingScreen />;
  if (failure) return <FailureScreen message={failure} />;
  if (!payload) return <LoadingScreen />;
  if (payload.Screen.components?.[kind]) return <RegisteredRoute screen={payload.Screen} kind={kind} />;
  if (kind === 'list') return <ListRoute entry={entry} screen={payload.Screen} />;
  if ((kind as string) === 'import') return <ImportRoute entry={entry} screen={payload.Screen} />;
  if (kind === 'single' && payload.Screen.form) {
    return <FormRoute key={entry.Name} entry={entry} mode="update" single screen={payload.Screen} entity={payload.Schema} />;
  }
  if (formModes.includes(kind as FormMode) && payload.Screen.form) {
    return <FormRoute key={entry.Name} entry={entry} mode={kind as FormMode} screen={payload.Screen} entity={payload.Schema} />;
  }
  return <NotFoundPage />;
}

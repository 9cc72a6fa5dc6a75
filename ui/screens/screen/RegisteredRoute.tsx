import { useParams } from 'react-router';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { screenComponentFor, type ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { FailureScreen } from '../FailureScreen.tsx';

/** A route whose screen names a registered component for it. */
export function RegisteredRoute({ screen, kind }: { screen: ScreenDocument; kind: ScreenComponentProps['kind'] }) {
  const params = useParams();
  let Component;
  try {
    Component = screenComponentFor(screen, kind)!;
  } catch (error) {
    return <FailureScreen message={(error as Error).message} />;
  }
  return <Component screen={screen} kind={kind} params={params} />;
}

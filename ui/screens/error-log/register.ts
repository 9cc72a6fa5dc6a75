import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

/** The client error log's list (with its filter bar) and read view, by the names metadata/screens/clienterrorlog.json gives them. */
registerScreenComponent('ClientErrorLogList', lazyScreen(() => import('./ClientErrorLogList.tsx').then((m) => m.ClientErrorLogList)));
registerScreenComponent('ClientErrorLogRead', lazyScreen(() => import('./ClientErrorLogRead.tsx').then((m) => m.ClientErrorLogRead)));

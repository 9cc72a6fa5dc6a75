/** The aggregate circle page (metadata/screens/aggregatecircles.json names it for /aggregate/manage/:id). */
import { registerScreenComponent } from '../../../engine/react/component-registry.ts';
import { lazyScreen } from '../screen/lazy-screen.ts';

registerScreenComponent('AggregateCircleManage', lazyScreen(() => import('./AggregateCircleRoute.tsx').then((m) => m.AggregateCircleRoute)));
registerScreenComponent('CircleList', lazyScreen(() => import('./CircleListRoute.tsx').then((m) => m.CircleListRoute)));

import { registerScreenComponent } from '../../../../engine/react/component-registry.ts';
import { lazyScreen } from '../../screen/lazy-screen.ts';

/** The report builder's screens (metadata/screens/reportbuilder.json): the built reports, and one report's builder. */
registerScreenComponent('ReportBuilderList', lazyScreen(() => import('./BuilderListPage.tsx').then((m) => m.default)));
registerScreenComponent('ReportBuilder', lazyScreen(() => import('./BuilderEditPage.tsx').then((m) => m.default)));

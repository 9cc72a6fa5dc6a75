import { createElement } from 'react';
import { registerScreenComponent, type ScreenComponentProps } from '../../../../engine/react/component-registry.ts';
import { lazyScreen } from '../../screen/lazy-screen.ts';

/** The report builder's screens (metadata/screens/reportbuilder.json): the built reports, and one report's builder. */
registerScreenComponent('ReportBuilderList', lazyScreen(() => import('./BuilderListPage.tsx').then((m) => m.default)));
// Keyed by the id: a report just created opens afresh as the saved one.
registerScreenComponent('ReportBuilder', lazyScreen(() => import('./BuilderEditPage.tsx').then((m) => (props: ScreenComponentProps) => createElement(m.default, { key: props.params.id, ...props }))));

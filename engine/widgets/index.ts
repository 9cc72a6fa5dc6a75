/**
 * The widget library: RJSF widgets and fields registered by name, their validation, the data
 * source the app implements, and the shell controls used outside forms.
 *
 * In a form: `<Form widgets={widgets} fields={fields} customValidate={createWidgetValidator(schema)} />`
 * inside a `<WidgetDataProvider source={...}>`; metadata then names controls with
 * `"ui:widget": "currency"` or `"ui:field": "address"`.
 */
export { fields, widgets } from './registry.ts';
export { widgetRules } from './rules.ts';
export { createWidgetValidator } from './validation.ts';
export * from './data-context.tsx';
export { widgetMessages, widgetMessage } from './shared/messages.ts';
export { setWidgetFlag, defaultFlags, type WidgetFlag, type WidgetFlags } from './shared/flags.ts';
export { runAsyncValidator, type AsyncValidatorFn, type WidgetFormContext } from './shared/async-validator.ts';
export type { SelectOption, RuleContext, RuleResult, WidgetRule } from './shared/types.ts';
export { ListManager, type ListManagerService, type ListManagerProps } from './list-manager/ListManager.tsx';
export { ListAction, type ListItem } from './list-manager/logic.ts';
export { Stepper, type StepDefinition, type StepperProps } from './stepper/Stepper.tsx';
export { Timeline, type TimelineProps } from './timeline/Timeline.tsx';
export { CheckboxTree, type CheckboxTreeProps } from './checkbox-tree/CheckboxTree.tsx';
export { CardManager, type CardDefinition } from './card-manager/CardManager.tsx';
export { useCardStore, createCardStore, type CardStore } from './card-manager/store.ts';
export { Breadcrumbs } from './breadcrumbs/Breadcrumbs.tsx';
export { createBreadcrumbStore, type BreadcrumbStore } from './breadcrumbs/store.ts';
export { Modal, useModal } from './modal/Modal.tsx';
export { HelpTooltip } from './tooltip/HelpTooltip.tsx';

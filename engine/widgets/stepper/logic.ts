/** One step (spec 3 "Stepper step"). */
export interface Step {
  title: string;
  enabled: boolean;
  visited: boolean;
  completed: boolean;
  skipped: boolean;
  active: boolean;
  editable: boolean;
  formError: boolean;
  otherError: boolean;
  subtitle?: string;
}

/** The stepper: its steps, the current one, and the furthest reached (to know when the user came back). */
export interface StepperState { steps: Step[]; current: number; furthest: number }

/** Decides whether the stepper may go from one step to another; false blocks the change. */
export type StepChangeListener = (from: number, to: number) => boolean;

/** A visit to a step, for the step's hooks: the first visit, every visit, and visits after the first. */
export type VisitKind = 'firstVisit' | 'revisit';

/** A second Complete or Skip within this time is ignored, so a double click cannot skip a step. */
export const STEP_ADVANCE_DEBOUNCE_MS = 1000;

/** The question asked when the current step is selected again after moving forward. */
export const START_OVER_QUESTION = 'Do you want to start this step over?';

/** A step as it starts: disabled and untouched. */
export function newStep(title: string, extra: Partial<Step> = {}): Step {
  return { title, enabled: false, visited: false, completed: false, skipped: false, active: false, editable: true, formError: false, otherError: false, ...extra };
}

/** A stepper on its first step, which is enabled, active and visited. */
export function createStepper(steps: Step[]): StepperState {
  const reset = steps.map((s) => ({ ...s, enabled: false, active: false, visited: false }));
  return activate({ steps: reset, current: 0, furthest: 0 }, 0);
}

function activate(state: StepperState, index: number): StepperState {
  const steps = state.steps.map((s, i) => (i === index ? { ...s, enabled: true, active: true, visited: true } : { ...s, active: false }));
  return { steps, current: index, furthest: Math.max(state.furthest, index) };
}

/** The kind of visit moving to a step would be. */
export function visitKind(state: StepperState, index: number): VisitKind {
  return state.steps[index]?.visited ? 'revisit' : 'firstVisit';
}

function advance(state: StepperState, mark: 'completed' | 'skipped', canChange?: StepChangeListener): StepperState {
  const next = Math.min(state.current + 1, state.steps.length - 1);
  if (canChange && !canChange(state.current, next)) return state;
  const steps = state.steps.map((s, i) =>
    i === state.current ? { ...s, completed: mark === 'completed', skipped: mark === 'skipped' } : s,
  );
  return activate({ ...state, steps }, next);
}

/** Completes the current step and moves to the next (never past the last), enabling, activating and visiting it. */
export function completeStep(state: StepperState, canChange?: StepChangeListener): StepperState {
  return advance(state, 'completed', canChange);
}

/** Skips the current step and moves to the next, like completing but marked skipped. */
export function skipStep(state: StepperState, canChange?: StepChangeListener): StepperState {
  return advance(state, 'skipped', canChange);
}

/** What selecting a step leads to: a move, the start-over question, or nothing (not enabled, or blocked). */
export type SelectResult = { kind: 'moved'; state: StepperState } | { kind: 'confirmStartOver' } | { kind: 'none' };

/**
 * Selecting a step: only enabled steps can be jumped to; selecting the current step again after
 * having moved forward past it asks whether to start it over; a listener may block the change.
 */
export function selectStep(state: StepperState, index: number, canChange?: StepChangeListener): SelectResult {
  const step = state.steps[index];
  if (!step?.enabled) return { kind: 'none' };
  if (index === state.current) return state.furthest > index ? { kind: 'confirmStartOver' } : { kind: 'none' };
  if (canChange && !canChange(state.current, index)) return { kind: 'none' };
  return { kind: 'moved', state: activate(state, index) };
}

/** Start Over: the step loses its completed, skipped and error marks and stays current. */
export function startStepOver(state: StepperState, index: number): StepperState {
  const steps = state.steps.map((s, i) => (i === index ? { ...s, completed: false, skipped: false, formError: false, otherError: false } : s));
  return { ...state, steps };
}

/** Restart: every step reset and the stepper back on the first. */
export function restartStepper(state: StepperState): StepperState {
  return createStepper(state.steps.map((s) => newStep(s.title, { editable: s.editable, subtitle: s.subtitle })));
}

/**
 * The classes of a step: enabled or disabled, visited, completed or incomplete, editable, active,
 * skipped, error (not if skipped) and has-subtitle.
 */
export function stepClasses(step: Step): string[] {
  const classes = [step.enabled ? 'enabled' : 'disabled'];
  if (step.visited) classes.push('visited');
  classes.push(step.completed ? 'completed' : 'incomplete');
  if (step.editable) classes.push('editable');
  if (step.active) classes.push('active');
  if (step.skipped) classes.push('skipped');
  if ((step.formError || step.otherError) && !step.skipped) classes.push('error');
  if (step.subtitle) classes.push('has-subtitle');
  return classes;
}

import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, Step as MuiStep, StepButton, Stepper as MuiStepper, Typography } from '@mui/material';
import {
  completeStep, createStepper, restartStepper, selectStep, skipStep, startStepOver, stepClasses, visitKind,
  START_OVER_QUESTION, STEP_ADVANCE_DEBOUNCE_MS, type Step, type StepChangeListener, type StepperState,
} from './logic.ts';

/** One step as a screen declares it: its content and optional hooks for its visits and reset. */
export interface StepDefinition {
  title: string;
  subtitle?: string;
  editable?: boolean;
  content: ReactNode;
  onFirstVisit?: () => void;
  onVisit?: () => void;
  onRevisit?: () => void;
  onReset?: () => void;
}

/** Props of the stepper. */
export interface StepperProps {
  steps: StepDefinition[];
  /** May block a change of step by returning false. */
  canChange?: StepChangeListener;
  /** Told the state after every change (to save it, or to test it). */
  onStateChange?: (state: StepperState) => void;
  /** Marks the current step as having a form error (shown as the error class). */
  formError?: boolean;
}

/**
 * The stepper: a header of steps (only enabled ones can be jumped to), the current step's content,
 * and Complete, Skip and Restart. Re-selecting the current step after moving forward asks 'Do you
 * want to start this step over?' with Cancel and Start Over.
 */
export function Stepper({ steps: defs, canChange, onStateChange, formError }: StepperProps) {
  const [state, setState] = useState<StepperState>(() => createStepper(defs.map((d) => newStepFrom(d))));
  const [confirming, setConfirming] = useState(false);
  const lastAdvance = useRef(-Infinity);
  const advance = (next: () => StepperState) => {
    const now = Date.now();
    if (now - lastAdvance.current < STEP_ADVANCE_DEBOUNCE_MS) return;
    lastAdvance.current = now;
    update(next());
  };
  const update = (next: StepperState) => {
    if (next === state) return;
    if (next.current !== state.current) {
      const def = defs[next.current];
      if (visitKind(state, next.current) === 'firstVisit') def.onFirstVisit?.();
      else def.onRevisit?.();
      def.onVisit?.();
    }
    setState(next);
    onStateChange?.(next);
  };
  const shown = state.steps.map((s, i) => (i === state.current && formError ? { ...s, formError: true } : s));
  const last = state.current === state.steps.length - 1;
  return (
    <Box>
      <MuiStepper nonLinear activeStep={state.current} alternativeLabel>
        {shown.map((step, i) => (
          <MuiStep key={step.title} completed={step.completed} disabled={!step.enabled} className={stepClasses(step).map((c) => `step-${c}`).join(' ')}>
            <StepButton
              aria-current={step.active ? 'step' : undefined}
              optional={step.subtitle ? <Typography variant="caption">{step.subtitle}</Typography> : undefined}
              onClick={() => {
                const result = selectStep(state, i, canChange);
                if (result.kind === 'moved') update(result.state);
                if (result.kind === 'confirmStartOver') setConfirming(true);
              }}
            >
              {step.title}
            </StepButton>
          </MuiStep>
        ))}
      </MuiStepper>
      <Box sx={{ my: 2 }} role="region" aria-label={state.steps[state.current].title}>{defs[state.current].content}</Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" disabled={last && state.steps[state.current].completed} onClick={() => advance(() => (last ? markLast(state, 'completed') : completeStep(state, canChange)))}>
          {last ? 'Finish' : 'Complete'}
        </Button>
        <Button disabled={last} onClick={() => advance(() => skipStep(state, canChange))}>Skip</Button>
        <Button onClick={() => { defs.forEach((d) => d.onReset?.()); lastAdvance.current = -Infinity; update(restartStepper(state)); }}>Restart</Button>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogContent>
          <DialogContentText>{START_OVER_QUESTION}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => {
            defs[state.current].onReset?.();
            update(startStepOver(state, state.current));
            setConfirming(false);
          }}>Start Over</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function newStepFrom(d: StepDefinition): Step {
  return {
    title: d.title, subtitle: d.subtitle, editable: d.editable ?? true,
    enabled: false, visited: false, completed: false, skipped: false, active: false, formError: false, otherError: false,
  };
}

// The last step completes in place: there is no next step to move to.
function markLast(state: StepperState, mark: 'completed'): StepperState {
  return { ...state, steps: state.steps.map((s, i) => (i === state.current ? { ...s, [mark]: true } : s)) };
}

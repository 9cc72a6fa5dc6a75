import { describe, expect, it } from 'vitest';
import {
  START_OVER_QUESTION, completeStep, createStepper, newStep, restartStepper, selectStep, skipStep, startStepOver, stepClasses, visitKind,
} from '../../engine/widgets/stepper/logic.ts';

const three = () => createStepper([newStep('One'), newStep('Two'), newStep('Three')]);

describe('stepper', () => {
  it('a step starts disabled', () => {
    expect(newStep('x').enabled).toBe(false);
    const s = three();
    expect(s.steps.map((x) => x.enabled)).toEqual([true, false, false]);
    expect(s.steps[0]).toMatchObject({ active: true, visited: true });
  });
  it('completing the current step marks it completed and moves to the next, enabled, active and visited', () => {
    const s = completeStep(three());
    expect(s.current).toBe(1);
    expect(s.steps[0]).toMatchObject({ completed: true, active: false });
    expect(s.steps[1]).toMatchObject({ enabled: true, active: true, visited: true });
  });
  it('skipping marks it skipped', () => {
    const s = skipStep(three());
    expect(s.steps[0]).toMatchObject({ skipped: true, completed: false });
    expect(s.current).toBe(1);
  });
  it('never moves past the last step', () => {
    const s = completeStep(completeStep(completeStep(three())));
    expect(s.current).toBe(2);
    expect(s.steps[2].completed).toBe(true);
  });
  it('a listener may block the change', () => {
    const s = three();
    expect(completeStep(s, () => false)).toBe(s);
    expect(selectStep(completeStep(s), 0, () => false)).toEqual({ kind: 'none' });
  });
  it('only enabled steps can be jumped to', () => {
    expect(selectStep(three(), 2)).toEqual({ kind: 'none' });
    const moved = selectStep(completeStep(three()), 0);
    expect(moved.kind).toBe('moved');
  });
  it("re-selecting the current step after moving forward asks 'Do you want to start this step over?'", () => {
    expect(START_OVER_QUESTION).toBe('Do you want to start this step over?');
    const back = selectStep(completeStep(three()), 0);
    if (back.kind !== 'moved') throw new Error('expected a move');
    expect(selectStep(back.state, 0)).toEqual({ kind: 'confirmStartOver' });
    expect(selectStep(three(), 0)).toEqual({ kind: 'none' });
  });
  it('Start Over resets that step', () => {
    const back = selectStep(completeStep(three()), 0);
    if (back.kind !== 'moved') throw new Error('expected a move');
    expect(startStepOver(back.state, 0).steps[0]).toMatchObject({ completed: false, skipped: false, active: true });
  });
  it('restart resets all steps and returns to the first', () => {
    const s = restartStepper(completeStep(completeStep(three())));
    expect(s.current).toBe(0);
    expect(s.steps.map((x) => [x.enabled, x.completed])).toEqual([[true, false], [false, false], [false, false]]);
  });
  it('tells a first visit from a revisit', () => {
    const s = completeStep(three());
    expect(visitKind(s, 0)).toBe('revisit');
    expect(visitKind(s, 2)).toBe('firstVisit');
  });
  it('step classes', () => {
    expect(stepClasses(newStep('x', { editable: false }))).toEqual(['disabled', 'incomplete']);
    expect(stepClasses(newStep('x', { enabled: true, visited: true, completed: true, active: true, subtitle: 's' }))).toEqual(
      ['enabled', 'visited', 'completed', 'editable', 'active', 'has-subtitle'],
    );
    expect(stepClasses(newStep('x', { formError: true }))).toContain('error');
    expect(stepClasses(newStep('x', { otherError: true, skipped: true }))).toEqual(['disabled', 'incomplete', 'editable', 'skipped']);
  });
});

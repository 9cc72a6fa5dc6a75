import { describe, expect, it } from 'vitest';
import { gapClass, layoutTimeline } from '../../engine/widgets/timeline/logic.ts';
import { addCard, cardMaxHeight, cardZIndex, overlayZIndex, removeCard } from '../../engine/widgets/card-manager/logic.ts';
import { BREADCRUMBS_KEY, clearCrumbs, loadCrumbs, saveCrumbs, showBreadcrumbs, visitCrumb } from '../../engine/widgets/breadcrumbs/logic.ts';
import { tooltipWidth } from '../../engine/widgets/tooltip/logic.ts';

describe('timeline', () => {
  it('gap classes: none up to 31 days, small over 31, medium over 90, large over 180', () => {
    expect([31, 32, 90, 91, 180, 181].map(gapClass)).toEqual([null, 'small', 'small', 'medium', 'medium', 'large']);
  });
  it('sorts nodes by Date ascending and inserts an optional current-time node', () => {
    const nodes = layoutTimeline([{ Date: '2026-06-01' }, { Date: '2026-01-01' }, { Date: '2026-01-20' }], new Date('2026-03-01'));
    expect(nodes.map((n) => [n.isNow ?? false, n.gap])).toEqual([[false, null], [false, null], [true, 'small'], [false, 'medium']]);
    expect(layoutTimeline([{ Date: '2027-01-01' }, { Date: '2026-01-01' }]).map((n) => n.gap)).toEqual([null, 'large']);
  });
});

describe('card manager', () => {
  const known = new Set(['details', 'help']);
  it('card z-index is 13+3*index and overlay z-index 10+3*index', () => {
    expect([0, 1, 2].map(cardZIndex)).toEqual([13, 16, 19]);
    expect([0, 1, 2].map(overlayZIndex)).toEqual([10, 13, 16]);
  });
  it('adding a card that is already present is refused with a warning', () => {
    const first = addCard([], { name: 'details' }, known);
    if (!first.ok) throw new Error('expected ok');
    const again = addCard(first.cards, { name: 'details' }, known);
    expect(again).toEqual({ ok: false, warning: 'The card details is already open.' });
  });
  it('an unknown card name raises an error', () => {
    expect(() => addCard([], { name: 'nope' }, known)).toThrow('Unknown card: nope');
  });
  it('removing a card removes the cards above it', () => {
    expect(removeCard([{ name: 'details' }, { name: 'help' }], 'details')).toEqual([]);
  });
  it('card content max height is the window height minus 100 px', () => {
    expect(cardMaxHeight(800)).toBe(700);
  });
});

describe('breadcrumbs', () => {
  const a = { label: 'Home', url: '/home' };
  const b = { label: 'Users', url: '/user' };
  it('are shown when there is more than one crumb', () => {
    expect(showBreadcrumbs([a])).toBe(false);
    expect(showBreadcrumbs([a, b])).toBe(true);
  });
  it('going back to a crumb cuts the trail there', () => {
    expect(visitCrumb([a, b], a)).toEqual([a]);
    expect(visitCrumb([a], b)).toEqual([a, b]);
  });
  it('are kept in session storage, restored, and cleared when the session ends', () => {
    sessionStorage.clear();
    saveCrumbs(sessionStorage, [a, b]);
    expect(JSON.parse(sessionStorage.getItem(BREADCRUMBS_KEY) ?? '')).toEqual([a, b]);
    expect(loadCrumbs(sessionStorage)).toEqual([a, b]);
    clearCrumbs(sessionStorage);
    expect(loadCrumbs(sessionStorage)).toEqual([]);
    sessionStorage.setItem(BREADCRUMBS_KEY, '{broken');
    expect(loadCrumbs(sessionStorage)).toEqual([]);
  });
});

describe('tooltip', () => {
  it('is 90 percent of the content width on narrow layouts and two thirds otherwise', () => {
    expect(tooltipWidth(400)).toBe(360);
    expect(tooltipWidth(900)).toBe(600);
  });
});

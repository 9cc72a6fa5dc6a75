import { describe, expect, it } from 'vitest';
import { formatGridQuery, initialGridState, type GridDefaults } from '../../engine/core/grid-state.ts';
import { parseSavedView, savedViewKey, serializeView, viewMessages } from '../../engine/core/grid/saved-view.ts';

const defaults: GridDefaults = { pageSize: 50, sorts: [{ field: 'LastName', dir: 'asc' }] };

describe('saved grid views (spec 1 "Preferences")', () => {
  it('keys a view by its page path, lowercased, without a trailing slash', () => {
    expect(savedViewKey('/User')).toBe('gridview:/user');
    expect(savedViewKey('/user/')).toBe('gridview:/user');
    expect(savedViewKey('/')).toBe('gridview:/');
  });

  it('keeps the view but not the position: page and cursor are left out', () => {
    const state = { ...initialGridState(defaults), page: 4, nav: { after: 'abc' }, pageSize: 20, q: 'kofi', sorts: [{ field: 'FirstName', dir: 'desc' as const }, { field: 'LastName', dir: 'asc' as const }], cols: ['LastName', 'UserName'], includeInactive: true };
    const text = serializeView(state);
    expect(JSON.parse(text)).toEqual({ pageSize: 20, q: 'kofi', sorts: state.sorts, cols: ['LastName', 'UserName'], includeInactive: true });
    const restored = parseSavedView(text, defaults)!;
    expect(restored).toEqual({ ...state, page: 1, nav: null });
    expect(formatGridQuery(restored, defaults)).toBe('pageSize=20&q=kofi&sorts=FirstName,desc,LastName,asc&cols=LastName,UserName&includeInactive=true');
  });

  it('treats nothing stored, or something unreadable, as no view', () => {
    expect(parseSavedView('', defaults)).toBeNull();
    expect(parseSavedView('not json', defaults)).toBeNull();
    expect(parseSavedView('[1,2]', defaults)).toBeNull();
    expect(parseSavedView('null', defaults)).toBeNull();
  });

  it('falls back to the defaults for parts that are missing or malformed', () => {
    const state = parseSavedView('{"pageSize":-3,"q":7,"sorts":[{"field":"LastName","dir":"sideways"}],"cols":[],"includeInactive":"yes"}', defaults)!;
    expect(state).toEqual({ ...initialGridState(defaults), sorts: [] });
    expect(parseSavedView('{"q":"x"}', defaults)!.sorts).toEqual(defaults.sorts);
  });

  it('words the three messages as spec 1 section 8 does', () => {
    expect(viewMessages).toEqual({
      saved: 'Your default view for this page has been saved.',
      saveFailed: 'Your default view could not be saved at this time.',
      loadFailed: 'Your default view for this page could not be loaded at this time.',
    });
  });
});

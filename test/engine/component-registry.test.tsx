import { describe, expect, it } from 'vitest';
import { render, screen as view } from '@testing-library/react';
import { registerScreenComponent, screenComponentFor, type ScreenComponentProps } from '../../engine/react/component-registry.ts';
import type { ScreenDocument } from '../../engine/core/screen-document.ts';
import { screenDocumentFaults } from '../../engine/core/screen-document.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };

const base = users as unknown as ScreenDocument;

function TreeEditor({ screen, kind, params }: ScreenComponentProps) {
  return <p>tree editor for {screen.id} {kind} {params.id}</p>;
}

describe('registered screen components', () => {
  registerScreenComponent('TreeEditor', TreeEditor);

  it('renders the component a screen names for a route, and the generic part elsewhere', () => {
    const doc = { ...base, components: { update: 'TreeEditor' } };
    expect(screenDocumentFaults(doc)).toEqual([]);
    const Update = screenComponentFor(doc, 'update')!;
    render(<Update screen={doc} kind="update" params={{ id: '7' }} />);
    expect(view.getByText('tree editor for users update 7')).toBeTruthy();
    expect(screenComponentFor(doc, 'list')).toBeNull();
  });

  it('refuses an unknown name, a second registration, and a name that is not a component name', () => {
    expect(() => screenComponentFor({ ...base, components: { list: 'Missing' } }, 'list')).toThrow('Screen users names the component Missing, which is not registered.');
    expect(() => registerScreenComponent('TreeEditor', TreeEditor)).toThrow('already registered');
    expect(screenDocumentFaults({ ...base, components: { list: 'not-a-name' } })[0].pointer).toBe('/components/list');
  });
});

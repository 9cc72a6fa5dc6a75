import { describe, expect, it } from 'vitest';
import { composeStoredForm } from '../../engine/core/lowcode/index.ts';
import { composePageScreen } from '../../engine/core/lowcode/compose-page.ts';
import { recordNoun, type ScreenDocument } from '../../engine/core/screen-document.ts';
import { routeTableFor } from '../../server/modules/app/route-table.ts';
import { derivedNodes } from '../../server/modules/access/permission-nodes.ts';
import { field, incidentForm, today } from '../core/lowcode/fixtures.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };

describe('a record is called the same on the add link, the create screen and its node (issue 29, finding 8)', () => {
  // The page is named 'Incidents'; its form (the records' entity) is 'Incident Report'.
  const { screen: formScreen } = composeStoredForm(incidentForm, [field({ Name: 'Title', FieldType: 'text' })], today);
  const page = composePageScreen({ PageId: 4, Name: 'Incidents', Description: null, PermissionsDisplayName: 'Incidents', Route: '/incidents' }, formScreen);

  it("titles a built form page's create route by the form's entity label, as the list's 'Add Incident Report' says", () => {
    const create = routeTableFor([page], new Set([page.module!])).find((r) => r.Name === `${page.id}.create`);
    expect(recordNoun(page)).toBe('Incident Report');
    expect(create?.Title).toBe('Create Incident Report');
    expect(derivedNodes(page, undefined).find((n) => n.name === `${page.id}.create`)?.label).toBe('Create Incident Report');
  });

  it('keeps a shipped screen as it was (its entity label is its title made singular)', () => {
    const shipped = users as unknown as ScreenDocument;
    expect(routeTableFor([shipped], new Set([shipped.module!])).find((r) => r.Name === 'users.create')?.Title).toBe('Create User');
    expect(recordNoun({ ...shipped, form: { ...shipped.form!, entityLabel: undefined } })).toBe('User');
  });
});

import { describe, expect, it } from 'vitest';
import { screenDocumentFaults } from '../../engine/core/screen-document.ts';
import users from '../../metadata/screens/users.json' with { type: 'json' };
import yourAccount from '../../metadata/screens/youraccount.json' with { type: 'json' };
import myAccount from '../../metadata/screens/myaccount.json' with { type: 'json' };

const clone = () => structuredClone(users) as Record<string, any>;

describe('screen documents are checked against the meta-schema', () => {
  it('accepts the shipped user screen', () => {
    expect(screenDocumentFaults(users)).toEqual([]);
  });

  it('names the JSON pointer of a wrong type', () => {
    const doc = clone();
    doc.list.columns[1].sortable = 'yes';
    expect(screenDocumentFaults(doc)).toEqual([{ pointer: '/list/columns/1/sortable', message: 'must be boolean' }]);
  });

  it('names an unknown property', () => {
    const doc = clone();
    doc.list.colums = [];
    expect(screenDocumentFaults(doc)[0]).toEqual({ pointer: '/list/colums', message: 'is not allowed' });
  });

  it('refuses a default sort on a column that is not sortable', () => {
    const doc = clone();
    doc.list.defaultSort = [{ field: 'UserName', dir: 'asc' }];
    expect(screenDocumentFaults(doc)).toEqual([{ pointer: '/list/defaultSort/0/field', message: 'UserName is not a sortable column' }]);
  });

  it('refuses a default page size that the chooser does not offer', () => {
    const doc = clone();
    doc.list.defaultPageSize = 25;
    expect(screenDocumentFaults(doc)[0].pointer).toBe('/list/defaultPageSize');
  });

  it('refuses a row click that opens a route the document does not declare', () => {
    const doc = clone();
    doc.list.rowClick = 'update';
    delete doc.routes.update;
    expect(screenDocumentFaults(doc)[0].pointer).toBe('/list/rowClick');
  });
});

describe('single routes: one record the server chooses, at GET and POST {api}', () => {
  const single = () => ({ ...clone(), routes: { single: '/youraccount' } }) as Record<string, any>;

  it('accepts the shipped Your Account and My Account screens', () => {
    expect(screenDocumentFaults(yourAccount)).toEqual([]);
    expect(screenDocumentFaults(myAccount)).toEqual([]);
  });

  it('refuses a single route beside other routes, which use the same API path for the list and for creating', () => {
    const doc = single();
    doc.routes.list = '/user';
    expect(screenDocumentFaults(doc)).toContainEqual({ pointer: '/routes/single', message: 'cannot be combined with other routes (list): they share the API path' });
  });

  it('refuses a single route with neither a form nor a registered component to draw it', () => {
    const doc = single();
    delete doc.form;
    delete doc.list;
    expect(screenDocumentFaults(doc)).toEqual([{ pointer: '/routes/single', message: 'needs a form, or a component in /components/single' }]);
    doc.components = { single: 'MyAccount' };
    expect(screenDocumentFaults(doc)).toEqual([]);
  });
});

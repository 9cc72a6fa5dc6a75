import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

interface Option { Id: number; Name: string; Group?: string; Hint?: string }
interface Node { Type: string; Name: string; Label: string; Kind?: string; Hint?: string }

/**
 * Issue 29, finding 4: the menu item's Module list and the role editor's module list offered a form ('Incident Report')
 * and the page showing it ('Incidents') with nothing telling them apart. Each now says its kind and what it opens, and
 * the menu item's list offers pages first.
 */
describe.each(databases)('module choices tell a page from its form, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let pageId: number;
  const post = async (url: string, body: object) => {
    const res = await injectLocked(t.app, admin, { method: 'POST', url, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const get = async <T>(url: string) => (await injectLocked(t.app, admin, { method: 'GET', url })).json() as T;

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await post('/api/forms', { Name: 'Incident Report', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
    pageId = (await post('/api/pages', {
      Name: 'Incidents', Description: null, PermissionsDisplayName: 'Incidents Page', FormId: formId, ParentPageId: -1,
      Controller: null, ViewPath: 'incidents/index', Route: '/incidents', Action: null, Target: 'self', IsActive: true,
    })).PageId;
  });

  it("lists a menu link's modules pages first, then screens, then forms, each with its group and what it opens", async () => {
    const options = await get<Option[]>('/api/lookups/menu-modules');
    const page = options.find((o) => o.Name === 'Incidents Page')!;
    const form = options.find((o) => o.Name === 'Incident Report')!;
    const users = options.find((o) => o.Name === 'Users')!;
    expect(page).toMatchObject({ Group: 'Pages', Hint: 'Page at /incidents: shows the records of the form Incident Report' });
    expect(form.Group).toBe('Forms (their records, as administrators see them)');
    expect(form.Hint).toBe("Form: opens the records of Incident Report at /incident-report (for its administrators); the page 'Incidents' shows them to staff");
    expect(users).toMatchObject({ Group: 'Screens of the application', Hint: 'Screen of the application at /user' });
    const at = (o: Option) => options.indexOf(o);
    expect(at(page)).toBeLessThan(at(users));
    expect(at(users)).toBeLessThan(at(form));
    // Every option says what it is: none is left without a group or a hint.
    expect(options.filter((o) => !o.Group || !o.Hint)).toEqual([]);
    // A chosen module's name is resolved by id with the same hint.
    expect(await get<Option[]>(`/api/lookups/menu-modules?ids=${page.Id}`)).toEqual([page]);
  });

  it("marks each module of the role editor's tree with its kind, and a page's and a form's with what they open", async () => {
    for (const url of ['/api/roles/permission-tree?roleId=0', '/api/roles/access-by-roles?RoleIds=1']) {
      const { Nodes } = await get<{ Nodes: Node[] }>(url);
      expect(Nodes.find((n) => n.Type === 'module' && n.Name === `Page${pageId}`), url).toMatchObject({ Label: 'Incidents Page', Kind: 'Page', Hint: expect.stringContaining('Incident Report') });
      expect(Nodes.find((n) => n.Type === 'module' && n.Name === `Form${formId}`), url).toMatchObject({ Label: 'Incident Report', Kind: 'Form', Hint: expect.stringContaining("the page 'Incidents'") });
      expect(Nodes.find((n) => n.Type === 'module' && n.Name === 'RegisterUser'), url).toMatchObject({ Kind: 'Screen' });
      expect(Nodes.filter((n) => n.Type !== 'module' && (n.Kind || n.Hint)), url).toEqual([]);
    }
  });
});

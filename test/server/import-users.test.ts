import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { csvOf, importsAt, type ImportJob } from './import-fixtures.ts';
import { fieldAccessMessage } from '../../server/lib/crud/record-access.ts';
import { duplicateUserName } from '../../server/modules/users/routes.ts';

/**
 * Importing users from a file (issue 29): rows checked as the create-user call checks them, roles by name, no
 * passwords (the activation e-mail instead), and whoever may not give roles in the UI cannot give them by a file.
 */
describe.each(databases)('importing users on %s', (kind) => {
  const t = useTestApp(kind);
  let imports: ReturnType<typeof importsAt>;
  let admin: SignedIn;
  let clerk: SignedIn;
  let staff: number;
  let adminRoleName: string;
  const header = ['User Name', 'First Name', 'Last Name', 'Email', 'Roles', 'Is Active'];
  const rolesOf = async (userName: string) => {
    const user = await t.app.db('users').whereRaw('lower(user_name) = ?', [userName]).first('UserId');
    return (await t.app.db('user_roles').where({ UserId: user.UserId }).orderBy('RoleId')).map((r: { RoleId: number }) => r.RoleId);
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    imports = importsAt(t.app, '/api/users/imports');
    staff = await addRole(t.app, 'Staff');
    await addRole(t.app, 'Clerks');
    adminRoleName = (await t.app.db('roles').where({ RoleId: 1 }).first('Name')).Name;
    // A user manager: users with View All Records, without module Role (so no roles to give, as on the create screen).
    const managers = await addRole(t.app, 'User managers');
    await grantModule(t.app, managers, 'RegisterUser', true);
    const managerId = await addUser(t.app, { UserName: 'usermanager', Password: 'Manager123', RoleIds: [managers] });
    // The manager sits in a circle of their own: the users they import join it, as those they create do.
    const [{ AtomicCircleId: office }] = await t.app.db('atomic_circles').insert({ Name: 'Back Office' }).returning('AtomicCircleId');
    await t.app.db('users').where({ UserId: managerId }).update({ OwnerAtomicCircleId: office });
    clerk = await signIn(t.app, 'usermanager', 'Manager123');
  });

  async function checked(who: SignedIn, name: string, content: Buffer, mapping?: ImportJob['Mapping']): Promise<ImportJob> {
    const uploaded = await imports.upload(who, name, content);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const job = uploaded.json() as ImportJob;
    const res = await imports.check(who, job.ImportJobId, mapping ?? job.Mapping);
    expect(res.statusCode, res.body).toBe(200);
    return imports.settled(who, job.ImportJobId);
  }

  it("lists each bad row with the create call's messages (duplicates in the file too), then imports the good rows with roles by name and an activation e-mail", async () => {
    const content = csvOf([
      header,
      ['ann', 'Ann', 'Archer', 'ann@example.org', 'staff; CLERKS', ''],
      ['bob', 'Bob', '', 'bob@example.org', '', ''],
      ['ANN', 'Anne', 'Other', 'anne@example.org', '', ''],
      ['Admin', 'Ad', 'Min', 'someone@example.org', '', ''],
      ['cat', 'Cat', 'Cole', 'not-an-address', '', ''],
      ['dan', 'Dan', 'Dunn', 'dan@example.org', 'Staff, Nobodies', ''],
      ['eve', 'Eve', 'Evans', 'eve@example.org', '', 'No'],
    ]);
    const uploaded = (await imports.upload(admin, 'people.csv', content)).json() as ImportJob;
    expect(uploaded.Mapping).toEqual([
      { Column: 0, Field: 'UserName' }, { Column: 1, Field: 'FirstName' }, { Column: 2, Field: 'LastName' },
      { Column: 3, Field: 'EmailAddress' }, { Column: 4, Field: 'Role' }, { Column: 5, Field: 'IsActive' },
    ]);
    expect(uploaded.Fields.map((f) => f.Field)).not.toContain('Password');
    await imports.check(admin, uploaded.ImportJobId, uploaded.Mapping);
    const job = await imports.settled(admin, uploaded.ImportJobId);
    expect(job).toMatchObject({ State: 'Checked', TotalRows: 7, BadRows: 4 + 1 });
    expect(job.Errors.map((e) => [e.Row, e.Field, e.Message])).toEqual([
      [3, 'Last Name', 'Last Name is required.'],
      [4, 'User Name', 'This User Name is already in row 2 of the file.'],
      [5, 'User Name', duplicateUserName],
      [6, 'Email Address', expect.any(String)],
      [7, 'Role', 'The role Nobodies does not exist or is inactive.'],
    ]);
    expect(await t.app.db('users').whereIn('UserName', ['ann', 'eve']).first()).toBeUndefined();

    expect((await imports.start(admin, job.ImportJobId, 'all')).statusCode).toBe(409);
    expect((await imports.start(admin, job.ImportJobId, 'skip')).statusCode).toBe(200);
    expect(await imports.settled(admin, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 2, Skipped: 5 });
    const ann = await t.app.db('users').where({ UserName: 'ann' }).first();
    expect(ann).toMatchObject({ IsActive: true, IsVerified: false, PasswordHash: null, SignInSetup: 'SendActivationEmail', CreatedBy: 'admin' });
    expect(await rolesOf('ann')).toEqual([staff, staff + 1]);
    expect(await t.app.db('users').where({ UserName: 'eve' }).first('IsActive')).toEqual({ IsActive: false });
    await t.app.mailer.settled();
    expect((await t.app.db('outbox').where({ ToAddress: 'ann@example.org' })).map((m) => m.Subject)).toEqual(['Activate your account']);
    expect(await t.app.db('outbox').where({ ToAddress: 'eve@example.org' })).toEqual([]);
    const entries = await t.app.db('audit_entries').where({ Entity: 'imports', RecordId: job.ImportJobId });
    expect(entries.map((e) => e.Action)).toEqual(['import']);
  });

  it('is idempotent: the same file is refused while its import stands, and a new file naming an imported user flags it', async () => {
    const content = csvOf([header, ['fay', 'Fay', 'Fox', 'fay@example.org', '', '']]);
    const job = await checked(admin, 'fay.csv', content);
    await imports.start(admin, job.ImportJobId, 'skip');
    expect(await imports.settled(admin, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 1 });
    const again = await imports.upload(admin, 'fay-again.csv', content);
    expect(again.statusCode).toBe(409);
    expect(again.json()[0]).toMatchObject({ ErrorCode: 'AlreadyImported' });
    const other = await checked(admin, 'fay2.csv', csvOf([header, ['FAY', 'Fay', 'Fox', 'FAY@example.org', '', ''], ['gus', 'Gus', 'Gray', 'gus@example.org', '', '']]));
    expect(other.Errors.map((e) => [e.Row, e.Field])).toEqual([[2, 'User Name'], [2, 'Email Address']]);
    await imports.start(admin, other.ImportJobId, 'skip');
    expect(await imports.settled(admin, other.ImportJobId)).toMatchObject({ State: 'Done', Imported: 1, Skipped: 1 });
    expect((await t.app.db('users').whereRaw("lower(user_name) = 'fay'")).length).toBe(1);
  });

  it('a user manager who cannot give roles is neither offered Role nor may map it, nor start an import that gives one', async () => {
    const content = csvOf([header.slice(0, 5), ['mallory', 'Mal', 'Lory', 'mallory@example.org', adminRoleName]]);
    const uploaded = (await imports.upload(clerk, 'mallory.csv', content)).json() as ImportJob;
    expect(uploaded.Fields.map((f) => f.Field)).not.toContain('Role');
    expect(uploaded.Mapping.map((m) => m.Field)).not.toContain('Role');
    const refused = await imports.check(clerk, uploaded.ImportJobId, [...uploaded.Mapping, { Column: 4, Field: 'Role' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([{ PropertyName: 'Role', ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }]);
    // The administrator's checked import that makes an administrator: the manager sees it, but may not start it.
    const byAdmin = await checked(admin, 'mallory-admin.csv', content);
    expect(byAdmin.Mapping.map((m) => m.Field)).toContain('Role');
    expect(byAdmin.BadRows).toBe(0);
    const started = await imports.start(clerk, byAdmin.ImportJobId, 'all');
    expect(started.statusCode).toBe(400);
    expect(started.json()[0]).toMatchObject({ PropertyName: 'Role', ErrorCode: 'FieldAccess' });
    expect(await t.app.db('users').where({ UserName: 'mallory' }).first()).toBeUndefined();
    // Without the Role column the manager imports the user, who holds no role.
    const job = await checked(clerk, 'mallory.csv', content);
    await imports.start(clerk, job.ImportJobId, 'all');
    expect(await imports.settled(clerk, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 1 });
    expect(await rolesOf('mallory')).toEqual([]);
    const circleOf = async (userName: string) => (await t.app.db('users as u').join('atomic_circles as c', 'c.AtomicCircleId', 'u.OwnerAtomicCircleId').where('u.UserName', userName).first('c.Name')).Name;
    expect(await circleOf('mallory')).toBe('Back Office');
  });

  it('undo deletes the imported users only while none changed or signed in since, saying how many did', async () => {
    const job = await checked(admin, 'undo.csv', csvOf([header, ['hal', 'Hal', 'Hale', 'hal@example.org', 'Staff', ''], ['ida', 'Ida', 'Ives', 'ida@example.org', '', '']]));
    await imports.start(admin, job.ImportJobId, 'all');
    expect(await imports.settled(admin, job.ImportJobId)).toMatchObject({ State: 'Done', Imported: 2 });
    await t.app.db('users').where({ UserName: 'ida' }).update({ LastLogin: t.app.db.fn.now() });
    const refused = await imports.undo(admin, job.ImportJobId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0]).toMatchObject({ ErrorCode: 'ChangedSince', ErrorMessage: 'This import cannot be undone: 1 of its users was changed, deleted or signed in since.' });
    expect((await t.app.db('users').whereIn('UserName', ['hal', 'ida'])).length).toBe(2);
    await t.app.db('users').where({ UserName: 'ida' }).update({ LastLogin: null });
    const undone = await imports.undo(admin, job.ImportJobId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ State: 'Undone' });
    expect(await t.app.db('users').whereIn('UserName', ['hal', 'ida'])).toEqual([]);
  });
});

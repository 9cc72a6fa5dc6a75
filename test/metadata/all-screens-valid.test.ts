import { mkdtemp, mkdir, writeFile, cp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMetadata, metadataDir } from '../../server/metadata/registry.ts';
import { StartupError } from '../../server/startup-error.ts';

async function copyWithScreen(file: string, content: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'metadata-'));
  await cp(path.join(metadataDir, 'entities'), path.join(dir, 'entities'), { recursive: true });
  await mkdir(path.join(dir, 'screens'));
  await writeFile(path.join(dir, 'screens', file), content);
  return dir;
}

describe('metadata loading at start', () => {
  it('loads every shipped screen document, each naming an entity that exists', async () => {
    const registry = await loadMetadata();
    expect([...registry.screens.keys()]).toEqual(expect.arrayContaining(['users', 'roles']));
    for (const screen of registry.screens.values()) expect(registry.entities.has(screen.entity)).toBe(true);
  });

  it('stops with the file and the JSON pointer of the fault', async () => {
    const { default: users } = await import('../../metadata/screens/users.json');
    const doc = structuredClone(users) as { list: { columns: Array<Record<string, unknown>> } };
    doc.list.columns[0].sortable = 'yes';
    const dir = await copyWithScreen('users.json', JSON.stringify(doc));
    await expect(loadMetadata(dir)).rejects.toThrow(new StartupError('metadata/screens/users.json: /list/columns/0/sortable must be boolean'));
  });

  it('stops on a file that is not JSON', async () => {
    const dir = await copyWithScreen('broken.json', '{ "id": ');
    await expect(loadMetadata(dir)).rejects.toThrow(/^metadata\/screens\/broken.json: not valid JSON/);
  });

  it('stops when the id does not match the file name', async () => {
    const { default: users } = await import('../../metadata/screens/users.json');
    const dir = await copyWithScreen('people.json', JSON.stringify(users));
    await expect(loadMetadata(dir)).rejects.toThrow('metadata/screens/people.json: /id must equal the file name (people.json)');
  });

  it("stops on a lock of a field the form does not have, and on a copy without a create route taking the record's id", async () => {
    const { default: roles } = await import('../../metadata/screens/roles.json');
    const locked = structuredClone(roles) as { form: { lockWhen: Array<{ fields: string[] }> } };
    locked.form.lockWhen[0].fields.push('IsAdmin');
    await expect(loadMetadata(await copyWithScreen('roles.json', JSON.stringify(locked))))
      .rejects.toThrow('metadata/screens/roles.json: /form/lockWhen/0/fields/3 IsAdmin is not a field of the form');
    const noId = structuredClone(roles) as { routes: { create: string } };
    noId.routes.create = '/role/create';
    await expect(loadMetadata(await copyWithScreen('roles.json', JSON.stringify(noId))))
      .rejects.toThrow('metadata/screens/roles.json: /form/copy needs an update route and a create route with :id (the record copied; 0 for a new one)');
    const rename = structuredClone(roles) as { form: { copy: { renameField: string } } };
    rename.form.copy.renameField = 'RoleId';
    await expect(loadMetadata(await copyWithScreen('roles.json', JSON.stringify(rename))))
      .rejects.toThrow('metadata/screens/roles.json: /form/copy/renameField RoleId is not a create field');
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenDocumentFaults, type ScreenDocument } from '../../engine/core/screen-document.ts';
import { StartupError } from '../startup-error.ts';
import { formFaults } from './form-faults.ts';

export const metadataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../metadata');

export type EntitySchema = Record<string, unknown> & {
  title: string;
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
};

export interface MetadataRegistry {
  screens: Map<string, ScreenDocument>;
  entities: Map<string, EntitySchema>;
  screen(id: string): ScreenDocument;
}

async function readJson(file: string, shownAs: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StartupError(`${shownAs}: not valid JSON (${(error as Error).message})`);
  }
}

async function jsonFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
}

/** Reads and checks every screen document and entity schema; the first fault stops start-up, naming file and pointer. */
export async function loadMetadata(dir = metadataDir): Promise<MetadataRegistry> {
  const entities = new Map<string, EntitySchema>();
  for (const file of await jsonFiles(path.join(dir, 'entities'))) {
    const schema = (await readJson(path.join(dir, 'entities', file), `metadata/entities/${file}`)) as EntitySchema;
    entities.set(schema.title, schema);
  }
  const screens = new Map<string, ScreenDocument>();
  for (const file of await jsonFiles(path.join(dir, 'screens'))) {
    const shownAs = `metadata/screens/${file}`;
    const doc = await readJson(path.join(dir, 'screens', file), shownAs);
    const faults = screenDocumentFaults(doc);
    const screen = doc as ScreenDocument;
    if (!faults.length && !entities.has(screen.entity)) {
      faults.push({ pointer: '/entity', message: `names no schema in metadata/entities (${screen.entity})` });
    }
    if (!faults.length) faults.push(...formFaults(screen, entities.get(screen.entity)!));
    if (!faults.length && `${screen.id}.json` !== file) faults.push({ pointer: '/id', message: `must equal the file name (${file})` });
    if (faults.length) {
      const { pointer, message } = faults[0];
      throw new StartupError(`${shownAs}: ${pointer || '/'} ${message}${faults.length > 1 ? ` (and ${faults.length - 1} more)` : ''}`);
    }
    screens.set(screen.id, screen);
  }
  return {
    screens,
    entities,
    screen(id) {
      const found = screens.get(id);
      if (!found) throw new Error(`no screen document ${id}`);
      return found;
    },
  };
}

import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/types.ts';

/** A screen of `count` fields (text, numbers, dates, booleans, selects), in sections of 20 or as one block. */
export function generatedScreen(count: number, sectioned: boolean): { screen: ScreenDocument; entity: JsonSchema } {
  const names = Array.from({ length: count }, (_, i) => `Field${String(i + 1).padStart(3, '0')}`);
  const properties: Record<string, Record<string, unknown>> = {};
  names.forEach((name, i) => {
    const title = `Field ${i + 1}`;
    properties[name] = [
      { type: 'string', title, maxLength: 200 },
      { type: 'integer', title, minimum: 0 },
      { type: 'boolean', title },
      { type: 'string', title, enum: ['Red', 'Green', 'Blue'] },
      { type: 'string', title, format: 'email', maxLength: 200 },
    ][i % 5];
  });
  const entity: JsonSchema = { title: 'Generated', type: 'object', properties, required: names.filter((_, i) => i % 7 === 0) };
  const sections = sectioned
    ? Array.from({ length: Math.ceil(count / 20) }, (_, s) => ({ title: `Section ${s + 1}`, fields: names.slice(s * 20, s * 20 + 20) }))
    : undefined;
  const screen = {
    id: 'generated', title: 'Generated', module: null, entity: 'Generated', api: '/api/generated', idField: 'Id',
    routes: { list: '/generated', update: '/generated/update/:id' },
    form: { fields: { update: names }, ...(sections ? { sections } : {}), promptOnAbandon: false },
  } as unknown as ScreenDocument;
  return { screen, entity };
}

import type { FastifyInstance } from 'fastify';
import { latency, ms, type Latency } from './stats.ts';
import { log, type Plain, type Session } from './lowcode-data.ts';

/** Clients reading the form's grid while its field changes type (the figure: p99 under 250 ms at 4). */
const readers = Number(process.env.BENCH_TYPE_CHANGE_CLIENTS ?? 4);

export interface TypeChangeFigures {
  mode: 'online' | 'in one transaction';
  records: number;
  /** The save call itself: the dry run under the trigger's lock (online), or the whole rewrite (in one transaction). */
  requestMs: number;
  /** From the save to the field being the new type. */
  totalMs: number;
  /** The grid's list at `readers` clients before the change, and while it ran. */
  gridBefore: Latency;
  gridDuring: Latency;
}

/**
 * A clean numeric text field of every record changed to Decimal, timed from the save until the field is a Decimal,
 * while `readers` clients read the form's grid; once online (the default above ONLINE_TYPE_CHANGE_ROWS) and once in
 * the save's own transaction (as before), so the two are side by side. The field is added and filled by SQL first
 * and removed after (its values cleared), leaving the form as it was.
 */
export async function typeChangeFigures(app: FastifyInstance, formId: number, admin: Session, plain: Plain, api: (path: string) => Promise<unknown>): Promise<TypeChangeFigures[]> {
  const out: TypeChangeFigures[] = [];
  for (const mode of ['online', 'in one transaction'] as const) {
    const name = `Bench Numeric Text ${mode === 'online' ? 'A' : 'B'}`;
    const body = { FormId: formId, Name: name, ReportLabelText: name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
    const { FormFieldId } = (await admin.call('POST', '/api/formfields', body)).json() as { FormFieldId: number };
    const table = `form_records_${formId}`;
    const column = name.toLowerCase().replace(/ /g, '_');
    const filling = performance.now();
    const records = (await plain.raw(`update ${table} set ${column} = ((record_id * 7) % 100000)::text`)).rowCount as number;
    await plain.raw(`vacuum analyze ${table}`);
    log(`type change: ${name} filled in ${((performance.now() - filling) / 1000).toFixed(1)} s (${records.toLocaleString('en-US')} records)`);
    const list = `/api/forms/${formId}/records?pageSize=50`;
    const gridBefore = latency(await readWhile(api, list, timeBox(10_000)));

    app.config.onlineTypeChangeRows = mode === 'online' ? 20_000 : Number.MAX_SAFE_INTEGER;
    const url = `/api/formfields/${FormFieldId}`;
    const lock = await admin.readForUpdate(url);
    let finished = false;
    const reading = readWhile(api, list, () => !finished);
    const started = performance.now();
    const saved = await admin.call('POST', url, { ...body, FieldType: 'decimal' }, lock);
    const requestMs = performance.now() - started;
    for (;;) {
      const field = (await admin.call('GET', url)).json() as { FieldType: string; TypeChange: { State: string; Message: string | null } | null };
      if (field.TypeChange?.State === 'Failed') throw new Error(`the type change failed: ${field.TypeChange.Message}`);
      if (field.FieldType === 'decimal') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const totalMs = performance.now() - started;
    finished = true;
    const gridDuring = latency(await reading);
    const figures = { mode, records, requestMs, totalMs, gridBefore, gridDuring };
    out.push(figures);
    log(`type change ${mode}: save answered ${saved.status} in ${ms(requestMs).trim()}, Decimal after ${(totalMs / 1000).toFixed(1)} s`);
    log(`type change ${mode}:   grid list at ${readers} clients before p50 ${ms(gridBefore.p50).trim()} p99 ${ms(gridBefore.p99).trim()}; during (${gridDuring.n} calls) p50 ${ms(gridDuring.p50).trim()} p99 ${ms(gridDuring.p99).trim()} max ${ms(gridDuring.max).trim()}`);

    await plain.raw(`update ${table} set ${column} = null`);
    const again = await admin.readForUpdate(url);
    await admin.call('DELETE', url, undefined, again);
    await plain.raw(`vacuum analyze ${table}`);
  }
  app.config.onlineTypeChangeRows = 20_000;
  return out;
}

const timeBox = (forMs: number) => { const until = performance.now() + forMs; return () => performance.now() < until; };

/** `readers` clients calling the list back to back while `going()` holds; each call's duration. */
async function readWhile(api: (path: string) => Promise<unknown>, path: string, going: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(Array.from({ length: readers }, async () => {
    while (going()) {
      const started = performance.now();
      await api(path);
      samples.push(performance.now() - started);
    }
  }));
  return samples;
}

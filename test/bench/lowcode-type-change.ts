import type { FastifyInstance } from 'fastify';
import { latency, ms, type Latency } from './stats.ts';
import { log, typeChangeFieldPrefix, type Plain, type Session } from './lowcode-data.ts';

/** Clients reading the form's grid while its field changes type (the figure: p99 under 250 ms at 4). */
const readers = Number(process.env.BENCH_TYPE_CHANGE_CLIENTS ?? 4);
type Mode = 'online' | 'in one transaction';
/** Which ways to change the type (BENCH_TYPE_CHANGE_MODES: online, transaction; both when unset). */
const modes = (process.env.BENCH_TYPE_CHANGE_MODES ?? 'online,transaction').split(',').map((m): Mode => (m === 'online' ? 'online' : 'in one transaction'));

export interface TypeChangeFigures {
  mode: Mode;
  records: number;
  /** The save call itself: the dry run under the trigger's lock (online), or the whole rewrite (in one transaction). */
  requestMs: number;
  /** From the save to the field being the new type. */
  totalMs: number;
  /** The grid's list at `readers` clients before the change, and while it ran (a call that failed counts its time too). */
  gridBefore: Latency;
  gridDuring: Latency;
  /** Why the save itself was refused (in one transaction past the request's statement bound). */
  refused?: string;
  /** Calls during the change that failed (the server gave up waiting, or answered an error), with the first reason. */
  gridFailures: number;
  firstFailure?: string;
}

/**
 * A clean numeric text field of every record changed to Decimal, timed from the save until the field is a Decimal,
 * while `readers` clients read the form's grid; once online (the default above ONLINE_TYPE_CHANGE_ROWS) and once in
 * the save's own transaction (as before), so the two are side by side. The field is added and filled by SQL first
 * and removed after (its values cleared), leaving the form as it was.
 */
export async function typeChangeFigures(app: FastifyInstance, formId: number, admin: Session, plain: Plain, api: (path: string) => Promise<unknown>): Promise<TypeChangeFigures[]> {
  const out: TypeChangeFigures[] = [];
  for (const mode of modes) {
    const name = `${typeChangeFieldPrefix} ${mode === 'online' ? 'A' : 'B'}`;
    const body = { FormId: formId, Name: name, ReportLabelText: name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
    const table = `form_records_${formId}`;
    const column = name.toLowerCase().replace(/ /g, '_');
    // A field left by a run cut short is taken up again, with the values it was filled with.
    const left = ((await admin.call('GET', `/api/forms/${formId}/fields`)).json() as Array<{ FormFieldId: number; Name: string; FieldType: string }>).find((f) => f.Name === name && f.FieldType === 'text');
    const FormFieldId = left?.FormFieldId ?? ((await admin.call('POST', '/api/formfields', body)).json() as { FormFieldId: number }).FormFieldId;
    const filling = performance.now();
    const unfilled = Number((await plain.raw(`select count(*) filter (where ${column} is null) as n from ${table}`)).rows[0].n);
    if (unfilled) await plain.raw(`update ${table} set ${column} = ((record_id * 7) % 100000)::text where ${column} is null`);
    const records = Number((await plain.raw(`select count(${column}) as n from ${table}`)).rows[0].n);
    await plain.raw(`vacuum analyze ${table}`);
    log(`type change: ${name} filled in ${((performance.now() - filling) / 1000).toFixed(1)} s (${records.toLocaleString('en-US')} records)`);
    const list = `/api/forms/${formId}/records?pageSize=50`;
    const gridBefore = latency((await readWhile(api, list, timeBox(10_000))).samples);

    app.config.onlineTypeChangeRows = mode === 'online' ? 20_000 : Number.MAX_SAFE_INTEGER;
    const url = `/api/formfields/${FormFieldId}`;
    const lock = await admin.readForUpdate(url);
    let finished = false;
    const reading = readWhile(api, list, () => !finished);
    const started = performance.now();
    let saved: { status: number } | undefined;
    let refused: string | undefined;
    try {
      saved = await admin.call('POST', url, { ...body, FieldType: 'decimal' }, lock);
    } catch (error) {
      // In one transaction, past the request's statement bound the change is refused (503): nothing changed.
      refused = (error as Error).message;
      await admin.call('DELETE', `/api/record-locks/${lock.recordlockid}`).catch(() => undefined);
    }
    const requestMs = performance.now() - started;
    for (; !refused;) {
      const field = (await admin.call('GET', url)).json() as { FieldType: string; TypeChange: { State: string; Message: string | null } | null };
      if (field.TypeChange?.State === 'Failed') throw new Error(`the type change failed: ${field.TypeChange.Message}`);
      if (field.FieldType === 'decimal') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const totalMs = performance.now() - started;
    finished = true;
    const during = await reading;
    const gridDuring = latency(during.samples);
    const figures = { mode, records, requestMs, totalMs, gridBefore, gridDuring, gridFailures: during.failures, ...(during.firstFailure ? { firstFailure: during.firstFailure } : {}), ...(refused ? { refused } : {}) };
    out.push(figures);
    if (during.failures) log(`type change ${mode}:   ${during.failures} grid calls failed meanwhile, the first: ${during.firstFailure}`);
    log(refused ? `type change ${mode}: the save was refused after ${ms(requestMs).trim()}: ${refused}` : `type change ${mode}: save answered ${saved!.status} in ${ms(requestMs).trim()}, Decimal after ${(totalMs / 1000).toFixed(1)} s`);
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

/** `readers` clients calling the list back to back while `going()` holds; each call's duration, and the calls that failed. */
async function readWhile(api: (path: string) => Promise<unknown>, path: string, going: () => boolean): Promise<{ samples: number[]; failures: number; firstFailure?: string }> {
  const samples: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  await Promise.all(Array.from({ length: readers }, async () => {
    while (going()) {
      const started = performance.now();
      try {
        await api(path);
      } catch (error) {
        failures++;
        firstFailure ??= `${(error as Error).message} after ${((performance.now() - started) / 1000).toFixed(1)} s`;
      }
      samples.push(performance.now() - started);
    }
  }));
  return { samples, failures, firstFailure };
}

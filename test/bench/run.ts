import { startupBench } from './startup.ts';
import { gridBench } from './grid.ts';
import { formBench } from './form.ts';
import { exportBench } from './export.ts';
import { widgetsBench } from './widgets.ts';
import { accessBench } from './access.ts';
import { lowcodeBench } from './lowcode.ts';
import { locksBench } from './locks.ts';
import { signInBench } from './sign-in.ts';
import { importBench } from './import.ts';
import { circlesBench } from './circles.ts';
import { reportsBench } from './reports.ts';

/** `npm run bench [name...]`: runs the named benchmarks, or all. Figures are printed, never asserted. */
const benches: Record<string, () => Promise<void>> = { startup: startupBench, grid: gridBench, form: formBench, export: exportBench, widgets: widgetsBench, access: accessBench, lowcode: lowcodeBench, locks: locksBench, 'sign-in': signInBench, import: importBench, circles: circlesBench, reports: reportsBench };

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(benches);
for (const name of chosen) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark ${name}; choose from ${Object.keys(benches).join(', ')}`);
    process.exit(1);
  }
  await bench();
}

import { useState } from 'react';
import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { ErrorList } from '../ErrorList.tsx';
import { itemsOf } from './errors.ts';
import { PlanTable } from './PlanTable.tsx';
import { TakeOverList } from './TakeOverList.tsx';
import { transferApi, type Conflict, type PlanEntry } from './transfer-api.ts';

interface Chosen { name: string; document: unknown; plan: PlanEntry[]; conflicts: Conflict[] }

/**
 * Import: a document file is previewed first (what each thing would become: created, changed with its differences,
 * unchanged, and what of this installation's own it would take over, each to be ticked), and imported only on
 * request; the server refuses a document it cannot import, writing nothing.
 */
export function ImportCard({ onImported }: { onImported: () => void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [takeOver, setTakeOver] = useState<string[]>([]);

  async function choose(file: File | undefined) {
    setChosen(null);
    setErrors([]);
    setResult(null);
    setTakeOver([]);
    if (!file) return;
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setErrors([{ PropertyName: null, ErrorMessage: `${file.name} is not a JSON document.`, ErrorCode: 'NotJson' }]);
      return;
    }
    setBusy(true);
    try {
      const { Plan, Conflicts } = await transferApi.preview(document);
      setChosen({ name: file.name, document, plan: Plan, conflicts: Conflicts ?? [] });
    } catch (error) {
      setErrors(itemsOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    if (!chosen) return;
    setBusy(true);
    setErrors([]);
    try {
      const { ImportId, Plan } = await transferApi.importDocument(chosen.document, chosen.name, takeOver);
      const counts = (action: PlanEntry['Action']) => Plan.filter((p) => p.Action === action).length;
      setResult(ImportId === null
        ? `Nothing to import: everything in ${chosen.name} is here already.`
        : `Imported ${chosen.name} (import ${ImportId}): ${counts('create')} created, ${counts('change')} changed, ${counts('unchanged')} unchanged.`);
      setChosen(null);
      onImported();
    } catch (error) {
      setErrors(itemsOf(error));
    } finally {
      setBusy(false);
    }
  }

  const changes = chosen?.plan.filter((p) => p.Action !== 'unchanged').length ?? 0;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="h2" gutterBottom>Import</Typography>
            <Typography color="text.secondary">Choose a document exported from another installation. Nothing is changed until you import it.</Typography>
          </div>
          <div>
            <Button variant="outlined" component="label" disabled={busy}>
              Choose File
              <input hidden type="file" accept=".json,application/json" aria-label="Document to import" onChange={(e) => { void choose(e.target.files?.[0]); e.target.value = ''; }} />
            </Button>
          </div>
          <ErrorList title="The document cannot be imported" items={errors} />
          {result && <Alert severity="success" role="status">{result}</Alert>}
          {chosen && (
            <>
              <Typography role="status">
                {changes ? `Importing ${chosen.name} will create or change ${changes} thing${changes === 1 ? '' : 's'}:` : `Everything in ${chosen.name} is here already.`}
              </Typography>
              <TakeOverList conflicts={chosen.conflicts} chosen={takeOver} onChange={setTakeOver} />
              <PlanTable plan={chosen.plan} label="Import preview" />
            </>
          )}
        </Stack>
      </CardContent>
      {chosen && (
        <CardActions>
          <Button variant="contained" disabled={busy || !changes} onClick={() => void runImport()}>Import</Button>
          <Button disabled={busy} onClick={() => setChosen(null)}>Cancel</Button>
        </CardActions>
      )}
    </Card>
  );
}

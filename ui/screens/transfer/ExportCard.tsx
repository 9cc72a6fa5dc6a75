import { useEffect, useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, Checkbox, FormControlLabel, FormGroup, LinearProgress, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { ErrorList } from '../ErrorList.tsx';
import { itemsOf } from './errors.ts';
import { downloadJson, exportFileName, transferApi, type ExportableForm } from './transfer-api.ts';

/** Export: the built forms to choose from; the download holds each with its pages, menu items, lists and grants. */
export function ExportCard({ generation }: { generation: number }) {
  const [forms, setForms] = useState<ExportableForm[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [done, setDone] = useState<string | null>(null);

  // Read again after an import or a rollback (`generation` rises): the forms here are what they brought or took away.
  useEffect(() => {
    transferApi.forms().then(setForms, (error: unknown) => setErrors(itemsOf(error)));
  }, [generation]);

  async function exportChosen() {
    setErrors([]);
    setDone(null);
    try {
      const document = await transferApi.exportForms(chosen);
      const fileName = exportFileName(forms!.filter((f) => chosen.includes(f.Id)).map((f) => f.Name));
      downloadJson(document, fileName);
      setDone(`Exported to ${fileName}.`);
    } catch (error) {
      setErrors(itemsOf(error));
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" gutterBottom>Export</Typography>
        <Typography color="text.secondary" gutterBottom>
          Choose the forms to export. Each goes with its fields and user-defined fields, the lookup lists its selects use, the pages
          showing it with their fields, the menu items linking to them and every role&apos;s access to them.
        </Typography>
        {!forms && !errors.length && <Box sx={{ py: 2 }}><LinearProgress aria-label="Loading the forms" /></Box>}
        {forms && !forms.length && <Typography>No forms have been built yet.</Typography>}
        {forms && (
          <FormGroup aria-label="Forms to export">
            {forms.map((form) => (
              <FormControlLabel
                key={form.Id}
                control={<Checkbox checked={chosen.includes(form.Id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, form.Id] : chosen.filter((id) => id !== form.Id))} />}
                label={`${form.Name}${form.IsActive ? '' : ' (inactive)'}${form.Pages.length ? ` — pages ${form.Pages.join(', ')}` : ''}`}
              />
            ))}
          </FormGroup>
        )}
        <ErrorList items={errors} />
        {done && <Typography role="status" sx={{ mt: 1 }}>{done}</Typography>}
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={!chosen.length} onClick={() => void exportChosen()}>Export</Button>
      </CardActions>
    </Card>
  );
}

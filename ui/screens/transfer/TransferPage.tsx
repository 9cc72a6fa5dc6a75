import { useCallback, useEffect, useState } from 'react';
import { Alert, Stack, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { TransferImport } from '../../../metadata/types/TransferImport.ts';
import { ExportCard } from './ExportCard.tsx';
import { ImportCard } from './ImportCard.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { itemsOf } from './errors.ts';
import { transferApi } from './transfer-api.ts';

/** /transfer (module ApplicationTransfer): export built forms to a file, import one with its preview, roll an import back. */
export default function TransferPage({ screen }: ScreenComponentProps) {
  const [imports, setImports] = useState<TransferImport[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => {
    setGeneration((g) => g + 1);
    transferApi.imports().then(setImports, (error: unknown) => setFailure(itemsOf(error)[0]?.ErrorMessage ?? null));
  }, []);
  useEffect(reload, [reload]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h1">{screen.title}</Typography>
        <Typography color="text.secondary">{screen.description}</Typography>
      </div>
      <ExportCard generation={generation} />
      <ImportCard onImported={reload} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {imports && <ImportHistory imports={imports} onChanged={reload} />}
    </Stack>
  );
}

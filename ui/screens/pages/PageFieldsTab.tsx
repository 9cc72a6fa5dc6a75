import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Chip, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { PageField } from '../../../metadata/types/PageField.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { pageApi, pageFieldCreatePath, pageFieldUpdatePath } from './page-api.ts';

/** The page's fields in order, each with Edit (spec 2: 'the list of page fields with Edit'), and Add for holders of PageField. */
export function PageFieldsTab({ pageId }: { pageId: number }) {
  const [fields, setFields] = useState<PageField[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const routes = useSession((s) => s.routes) ?? [];
  const canEdit = routes.some((r) => r.Name === 'pagefields.update');
  const canCreate = routes.some((r) => r.Name === 'pagefields.create');

  useEffect(() => {
    let live = true;
    pageApi.fields(pageId).then((loaded) => { if (live) setFields(loaded); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : 'The page fields could not be read.');
    });
    return () => { live = false; };
  }, [pageId]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!fields) return <Typography role="status">Please Wait...</Typography>;
  return (
    <Stack spacing={2}>
      {canCreate && (
        <div>
          <Button component={RouterLink} to={pageFieldCreatePath(pageId)} variant="outlined" startIcon={<AddIcon />}>Add Page Field</Button>
        </div>
      )}
      {!fields.length ? <Typography color="text.secondary">This page has no fields yet.</Typography> : (
        <Table size="small" aria-label="Page fields">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Field Type</TableCell>
              <TableCell>Sort Order</TableCell>
              <TableCell>Active</TableCell>
              <TableCell><span className="visually-hidden">Actions</span></TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field) => (
              <TableRow key={field.PageFieldId} hover>
                <TableCell>{field.Name}</TableCell>
                <TableCell>{field.FieldType}</TableCell>
                <TableCell>{field.SortOrder}</TableCell>
                <TableCell><Chip size="small" label={field.IsActive ? 'Active' : 'Inactive'} color={field.IsActive ? 'success' : 'default'} variant="outlined" /></TableCell>
                <TableCell align="right">
                  {canEdit && (
                    <IconButton component={RouterLink} to={pageFieldUpdatePath(field.PageFieldId!, pageId)} size="small" aria-label={`Edit ${field.Name}`}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

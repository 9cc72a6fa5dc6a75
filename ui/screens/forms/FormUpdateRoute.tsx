import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/ListAlt';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { FormRoute } from '../screen/FormRoute.tsx';
import { useScreenPayload } from '../screen/useScreenPayload.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { formApi, type FormRecord } from './form-api.ts';
import { recordsListUrl } from './field-routes.ts';
import { useRecordsRoutes } from './useRecordsRoutes.ts';
import { FieldsTab } from './FieldsTab.tsx';
import { RevisionsTab } from './RevisionsTab.tsx';
import { ActionsTab } from './ActionsTab.tsx';
import { RecordReportTab } from './RecordReportTab.tsx';
import { PublicTab } from './PublicTab.tsx';

const tabs = [
  { id: 'form', label: 'Form' },
  { id: 'fields', label: 'Fields' },
  { id: 'actions', label: 'Actions' },
  { id: 'report', label: 'Report' },
  { id: 'revisions', label: 'Revisions' },
  { id: 'public', label: 'Public' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** The tabs after the Form tab: each mounted only while shown, under the form's name and what it is for. */
const subTabs: Array<{ id: Exclude<TabId, 'form'>; description: string; render: (form: FormRecord) => ReactNode }> = [
  { id: 'fields', description: 'Its fields and user-defined fields, in the order the form shows them.', render: (form) => <FieldsTab form={form} /> },
  { id: 'actions', description: 'The buttons its list shows on each row and above it, and who may use them.', render: (form) => <ActionsTab formId={form.FormId} /> },
  { id: 'report', description: 'A report shown under each of its records, its parameters filled from the record.', render: (form) => <RecordReportTab form={form} /> },
  { id: 'revisions', description: "Every change to the form's definition, newest first.", render: (form) => <RevisionsTab formId={form.FormId} /> },
  {
    id: 'public', description: "Published to the public: visitors fill the fields chosen here at the form's own address, and see nothing else.",
    render: (form) => (form.IsReserved ? <Alert severity="info">A built-in form cannot be published to the public.</Alert> : <PublicTab formId={form.FormId} />),
  },
];

/** 'Open records' beside a title: the built form's records list, when the user holds its route. */
function OpenRecordsButton({ formId }: { formId: number }) {
  const routes = useSession((s) => s.routes) ?? [];
  const url = recordsListUrl(routes, formId);
  if (!url) return null;
  return <Button component={RouterLink} to={url} variant="outlined" startIcon={<OpenInNewIcon />} sx={{ flexShrink: 0 }}>Open records</Button>;
}

/** The heading of the Fields and Revisions tabs, laid out as the form's own (FormScreen). */
function TabHeading({ title, description, formId }: { title: string; description: string; formId: number }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <div>
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary">{description}</Typography>
      </div>
      <OpenRecordsButton formId={formId} />
    </Stack>
  );
}

function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`form-tabpanel-${id}`} aria-labelledby={`form-tab-${id}`} hidden={!active} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}

/**
 * /form/update/{id} (registered as 'FormUpdate'): the form's own values (the generic form), its
 * fields and UDFs, and its definition's revisions, on tabs. The tab is in the URL (?tab=), so coming
 * back from the field editor lands on the Fields tab again.
 */
export function FormUpdateRoute({ screen, params }: ScreenComponentProps) {
  const entry = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.update`);
  const { payload } = useScreenPayload(screen.id);
  const [search, setSearch] = useSearchParams();
  const formId = Number(params.id);
  const [form, setForm] = useState<FormRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const tab: TabId = tabs.some((t) => t.id === search.get('tab')) ? (search.get('tab') as TabId) : 'form';

  useEffect(() => {
    if (!(formId > 0)) return;
    let live = true;
    formApi.form(formId).then((loaded) => { if (live) setForm(loaded); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : noticeText('Read', 'error'));
    });
    return () => { live = false; };
  }, [formId]);

  useRecordsRoutes([formId]); // so that 'Open records' is offered for a form made in this session

  if (!entry) return <NotFoundPage />;
  if (!(formId > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!payload || !form) return <LoadingScreen />;

  const choose = (next: TabId) => setSearch(next === 'form' ? {} : { tab: next }, { replace: true });
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Tabs value={tab} onChange={(_, next: TabId) => choose(next)} aria-label={`${form.Name}: form, fields, actions, report, revisions and public address`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((t) => <Tab key={t.id} value={t.id} label={t.label} id={`form-tab-${t.id}`} aria-controls={`form-tabpanel-${t.id}`} />)}
      </Tabs>
      {/* The Form tab stays mounted while hidden: switching tabs keeps what was typed there. */}
      <TabPanel id="form" active={tab === 'form'}>
        <FormRoute key={entry.Name} entry={entry} mode="update" screen={screen} entity={payload.Schema} actions={() => <OpenRecordsButton formId={formId} />} />
      </TabPanel>
      {subTabs.map(({ id, description, render }) => (
        <TabPanel key={id} id={id} active={tab === id}>
          {tab === id && (
            <Stack spacing={2}>
              <TabHeading title={form.Name} description={description} formId={formId} />
              {render(form)}
            </Stack>
          )}
        </TabPanel>
      ))}
    </Box>
  );
}

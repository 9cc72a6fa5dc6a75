import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import { ButtonBar } from '../../../engine/react/form/ButtonBar.tsx';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { LeavePrompt } from '../../../engine/react/form/LeavePrompt.tsx';
import { useSession } from '../../stores/session.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { ErrorList } from '../ErrorList.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { circleApi } from './circle-api.ts';
import { errorAt, formLevelErrors, type Part } from './aggregate-draft.ts';
import { useAggregateCircle } from './useAggregateCircle.ts';
import { useCircleData } from './useCircleData.ts';
import { GroupsTab } from './GroupsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

const tabs = [{ id: 'user', label: 'User' }, { id: 'groups', label: 'Groups' }] as const;
type TabId = (typeof tabs)[number]['id'];
const allParts: Part[] = ['members', 'permissions', 'users'];

/** A way back given in the query: a path of this application only, never another site. */
function returnUrlOf(search: URLSearchParams): string | null {
  const url = search.get('returnUrl');
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/**
 * /aggregate/manage/{id} (registered as 'AggregateCircleManage', spec 3 "Aggregate circles"): an aggregate circle's
 * name, its member atomic circles, their default and custom permissions (tab Groups) and its users (tab User).
 * Id 0 or less creates one: only the name, the description and the members until it is first saved, then the page
 * goes on as the new aggregate's.
 */
export function AggregateCircleRoute({ screen, kind, params }: ScreenComponentProps) {
  const id = kind === 'create' ? 0 : Number(params.id ?? 0);
  const routes = useSession((s) => s.routes) ?? [];
  const entry = routes.find((r) => r.Name === `${screen.id}.${kind}`);
  if (!entry || Number.isNaN(id)) return <NotFoundPage />;
  const urls = {
    // Where a created aggregate goes on (the update route), and where the page goes back to when opened directly.
    update: routes.find((r) => r.Name === `${screen.id}.update`)?.Url ?? '/aggregate/manage/:id',
    list: routes.find((r) => r.Name === `${screen.id}.list`)?.Url ?? '/home',
  };
  // A new id is a new page: nothing of the last one's drafts carries over.
  return <AggregateCirclePage key={id} id={id} title={entry.Title ?? screen.title} urls={urls} />;
}

function AggregateCirclePage({ id, title, urls }: { id: number; title: string; urls: { update: string; list: string } }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const aggregate = useAggregateCircle(id);
  const { creating, saved, draft, dirty, errors, busy, failure, edit } = aggregate;
  const roles = useCircleData(creating ? null : () => circleApi.roles(), 'roles');
  const [customDirty, setCustomDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const leaving = useRef(false);
  const tab: TabId = search.get('tab') === 'user' && !creating ? 'user' : 'groups';
  const onCustomDirtyChange = useCallback((value: boolean) => setCustomDirty(value), []);

  /** Back where the user came from; after a save or delete without asking, on Cancel asking first when there are changes. */
  const goBack = (done: boolean) => {
    if (done) leaving.current = true;
    const back = returnUrlOf(search);
    if (back) navigate(back);
    else if (location.key !== 'default') navigate(-1);
    else navigate(urls.list);
  };

  async function saveParts(parts: Part[]): Promise<boolean> {
    const answer = await aggregate.save(parts);
    if (!answer) return false;
    // Created: from now on this is the new aggregate's page (its address too), with the way back kept.
    if (creating) {
      leaving.current = true;
      const query = search.toString();
      navigate(`${fillPath(urls.update, { id: answer.Id })}${query ? `?${query}` : ''}`, { replace: true });
    }
    return true;
  }
  const saveSection = (part: Part) => void saveParts([part]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !dirty) return;
    // Post-submit goes back (spec 3), once the aggregate exists; a new one stays for its permissions and users.
    if ((await saveParts(creating ? ['members'] : allParts.filter((p) => aggregate.changed[p]))) && !creating) goBack(true);
  }

  async function confirmDelete() {
    setAsking(false);
    if (await aggregate.remove()) goBack(true);
  }

  /** Enter in a text box does not save the whole page. */
  function keyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault();
  }

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!saved) return <LoadingScreen />;
  const choose = (next: TabId) => setSearch((s) => { const n = new URLSearchParams(s); if (next === 'groups') n.delete('tab'); else n.set('tab', next); return n; }, { replace: true });
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <div>
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary">
          {creating ? 'Name the aggregate and choose its member atomic circles; its permissions and users follow once it is created.' : saved.Name}
        </Typography>
      </div>
      <ErrorList items={formLevelErrors(errors)} />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} onKeyDown={keyDown} aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <TextField label="Name" required value={draft.Name} disabled={busy} onChange={(e) => edit({ Name: e.target.value }, 'Name')}
            error={Boolean(errorAt(errors, 'Name'))} helperText={errorAt(errors, 'Name')} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <TextField label="Description" multiline minRows={2} value={draft.Description} disabled={busy} onChange={(e) => edit({ Description: e.target.value }, 'Description')}
            error={Boolean(errorAt(errors, 'Description'))} helperText={errorAt(errors, 'Description')} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          <Box>
            <Tabs value={tab} onChange={(_, next: TabId) => choose(next)} aria-label="Users and groups of the aggregate" sx={{ borderBottom: 1, borderColor: 'divider' }}>
              {tabs.map((t) => <Tab key={t.id} value={t.id} label={t.label} id={`aggregate-tab-${t.id}`} aria-controls={`aggregate-tabpanel-${t.id}`} disabled={t.id === 'user' && creating} />)}
            </Tabs>
            <Box role="tabpanel" id="aggregate-tabpanel-user" aria-labelledby="aggregate-tab-user" hidden={tab !== 'user'} sx={{ pt: 3 }}>
              {tab === 'user' && <UsersTab aggregate={aggregate} onSave={saveSection} />}
            </Box>
            {/* The Groups tab stays mounted while hidden: what was chosen there is kept across tabs. */}
            <Box role="tabpanel" id="aggregate-tabpanel-groups" aria-labelledby="aggregate-tab-groups" hidden={tab !== 'groups'} sx={{ pt: 3 }}>
              <GroupsTab aggregate={aggregate} roleOptions={roles.data ?? []} rolesLoading={roles.loading} onSave={saveSection} onCustomDirtyChange={onCustomDirtyChange} />
            </Box>
          </Box>
          <ButtonBar set={creating ? 'Create' : 'UpdateDelete'} pristine={!dirty} busy={busy} inactive={false} readOnly={false}
            onDelete={creating ? undefined : () => setAsking(true)} onCancel={() => goBack(false)} />
        </Stack>
      </Paper>
      <ConfirmDialog open={asking} text="Delete current record?" confirmLabel="Delete" destructive onConfirm={() => void confirmDelete()} onCancel={() => setAsking(false)} />
      <LeavePrompt shouldBlock={() => (dirty || customDirty) && !leaving.current} />
    </Stack>
  );
}

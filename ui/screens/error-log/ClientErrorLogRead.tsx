import { Link as RouterLink } from 'react-router';
import { format } from 'date-fns';
import { Chip, Divider, Link } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { ClientError } from '../../../metadata/types/ClientError.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { useSession } from '../../stores/session.ts';
import { DetailList, DetailRow, ReadRecordFrame, useReadRecord } from '../screen/ReadRecordFrame.tsx';
import { StackTrace } from './StackTrace.tsx';

/** A long message is the heading's first words; the whole of it is under Message. */
const headingOf = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);
const when = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MM/dd/yyyy hh:mm:ss a') : '—');

/** An HTTP error is the server's answer; an exception or logged error is the client's own fault. */
function kindColor(type: string | null | undefined): 'error' | 'warning' | 'info' {
  if (type?.startsWith('Client HTTP Error')) return 'warning';
  return type === 'Client Logged Error' ? 'info' : 'error';
}

/** The reporting user: a link to the user for a reader the route table offers the users screen to, else the name. */
function UserName({ entry }: { entry: ClientError }) {
  const userRoute = useSession((s) => s.routes?.find((r) => r.Name === 'users.update'));
  if (!entry.UserName) return <>No session (signed out)</>;
  if (!userRoute || entry.UserId == null) return <>{entry.UserName}</>;
  return <Link component={RouterLink} to={fillPath(userRoute.Url, { id: entry.UserId })}>{entry.UserName}</Link>;
}

/**
 * /clienterrorlog/read/{id} (registered as 'ClientErrorLogRead'): one entry of the client error log, what it was, when,
 * for whom and where, and its stack trace to read and copy. Read-only: entries are the browsers' own reports.
 */
export function ClientErrorLogRead({ screen, params }: ScreenComponentProps) {
  const read = useReadRecord<ClientError>(screen, params.id);
  const entry = read.record;
  return (
    <ReadRecordFrame screen={screen} read={read} heading={entry ? headingOf(entry.Message || entry.Type || 'Client Error') : 'Client Error'}
      backLabel="Back to the log" loadingLabel="Loading the entry" maxWidth={1000}>
      {entry && (
        <>
          <DetailList>
            <DetailRow label="Type">{entry.Type && <Chip size="small" label={entry.Type} color={kindColor(entry.Type)} variant="outlined" />}</DetailRow>
            <DetailRow label="Message">{entry.Message}</DetailRow>
            <DetailRow label="When">{when(entry.CreatedDate)}</DetailRow>
            <DetailRow label="User"><UserName entry={entry} /></DetailRow>
            <DetailRow label="IP Address">{entry.IpAddress}</DetailRow>
            <DetailRow label="Request">{entry.Request}</DetailRow>
            <DetailRow label="Target">{[entry.TargetModule, entry.TargetName].filter(Boolean).join(' ')}</DetailRow>
            <DetailRow label="Referrer">{entry.RequestReferrer}</DetailRow>
            <DetailRow label="Source">{entry.Source}</DetailRow>
          </DetailList>
          <Divider />
          <StackTrace text={entry.StackTrace ?? ''} />
        </>
      )}
    </ReadRecordFrame>
  );
}

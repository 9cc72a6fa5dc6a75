import { format } from 'date-fns';
import { Alert, Chip, Divider } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { OutboxMail } from '../../../metadata/types/OutboxMail.ts';
import { DetailList, DetailRow, ReadRecordFrame, useReadRecord } from '../screen/ReadRecordFrame.tsx';
import { MailBody, MailLinks } from './MailBody.tsx';

const when = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MM/dd/yyyy hh:mm a') : '—');
const statusColor = { 'Not sent': 'default', Sent: 'success', Failed: 'error' } as const;

/**
 * /mailoutbox/read/{id} (registered as 'MailOutboxRead'): one mail of the outbox, its headers and its body drawn
 * safely with the links clickable, so that without a mail server an administrator can open or pass on an activation link.
 */
export function MailOutboxRead({ screen, params }: ScreenComponentProps) {
  const read = useReadRecord<OutboxMail>(screen, params.id);
  const mail = read.record;
  return (
    <ReadRecordFrame screen={screen} read={read} heading={mail?.Subject ?? 'Mail'} backLabel="Back to the outbox" loadingLabel="Loading the mail" maxWidth={880}>
      {mail && (
        <>
          <DetailList>
            <DetailRow label="To">{mail.ToAddress}</DetailRow>
            <DetailRow label="Status"><Chip size="small" label={mail.Status} color={statusColor[mail.Status ?? 'Not sent']} /></DetailRow>
            <DetailRow label="Created">{when(mail.CreatedDate)}</DetailRow>
            <DetailRow label="Sent">{when(mail.SentDate)}</DetailRow>
            {mail.FailureReason && <DetailRow label="Failure Reason">{mail.FailureReason}</DetailRow>}
          </DetailList>
          {mail.Status === 'Not sent' && (
            <Alert severity="info">No mail server is configured (SMTP_URL), so this mail was kept here and not sent.</Alert>
          )}
          <Divider />
          <MailBody mail={{ TextBody: mail.TextBody ?? '', HtmlBody: mail.HtmlBody ?? null, BodyWithheld: mail.BodyWithheld ?? null }} />
          {!mail.BodyWithheld && <MailLinks text={mail.TextBody ?? ''} />}
        </>
      )}
    </ReadRecordFrame>
  );
}

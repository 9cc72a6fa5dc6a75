import { Button, Card, CardContent, CardHeader, Chip, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { RoleSessions } from '../../../metadata/types/RoleSessions.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';

export type RoleSession = RoleSessions['Sessions'][number];

/** One role with a concurrent-user limit: 'X of Y active' and its users' newest sessions (spec 3 "Concurrent sessions"). */
export function RoleSessionsCard({ role, onEnd }: { role: RoleSessions; onEnd(session: RoleSession): void }) {
  const full = role.ConcurrentUsersCurrentNumber >= role.ConcurrentUsersMaxNumber;
  const headingId = `role-${role.RoleId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardHeader
        title={<Typography variant="h2" id={headingId}>{role.RoleName}</Typography>}
        action={(
          <Chip
            label={`${role.ConcurrentUsersCurrentNumber} of ${role.ConcurrentUsersMaxNumber} active`}
            color={full ? 'warning' : 'default'}
            variant={full ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600 }}
          />
        )}
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0, '&:last-child': { pb: 1 } }}>
        {role.Sessions.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>No one is signed in under this role.</Typography>
        ) : (
          <Table size="small" aria-label={`Sessions of ${role.RoleName}`}>
            <TableHead>
              <TableRow>
                <TableCell>Username</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Session Started</TableCell>
                <TableCell align="right" aria-label="Actions" />
              </TableRow>
            </TableHead>
            <TableBody>
              {role.Sessions.map((s) => (
                <TableRow key={s.SessionId} hover>
                  <TableCell>{s.UserName}</TableCell>
                  <TableCell>{s.FullName}</TableCell>
                  <TableCell>{formatDisplayDate(s.StartTime, displayFormats.dateTime)}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={s.IsCurrentUser ? 'This is your own session.' : ''}>
                      {/* A span keeps the tooltip working on a disabled button. */}
                      <span>
                        <Button size="small" color="error" variant="outlined" disabled={s.IsCurrentUser} onClick={() => onEnd(s)}>
                          End Session
                        </Button>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

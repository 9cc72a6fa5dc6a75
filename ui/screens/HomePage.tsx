import { Link as RouterLink } from 'react-router';
import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useSession } from '../stores/session.ts';

/** /home: a greeting and the screens this user may open. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes) ?? [];
  // Building a form is where an administrator's first hour starts: offered first to whoever may.
  const screens = [...routes.filter((r) => r.Name === 'form.build'), ...routes.filter((r) => r.Name.endsWith('.list'))];
  return (
    <>
      <Typography variant="h1" gutterBottom>Welcome, {user?.FirstName}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>Choose where to start.</Typography>
      <Grid container spacing={2}>
        {screens.map((r) => (
          <Grid key={r.Name} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={r.Url}>
                <CardContent>
                  <Typography variant="h2" gutterBottom>{r.Title}</Typography>
                  <Typography variant="body2" color="text.secondary">{r.Description}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}

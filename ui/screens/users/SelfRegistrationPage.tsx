import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { NotificationHost } from '../../../engine/react/notifications/NotificationHost.tsx';
import { missingDataSource, WidgetDataProvider, type WidgetDataSource } from '../../../engine/widgets/data-context.tsx';
import type { SelectOption } from '../../../engine/widgets/shared/types.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import type { ScreenPayload } from '../screen/useScreenPayload.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { FailureScreen } from '../FailureScreen.tsx';
import { AccountDone } from '../account/AccountForm.tsx';

/** The public self-registration calls (server/modules/users/self-registration.ts). */
export const selfRegistrationPaths = {
  form: '/api/users/self-registration-form',
  roles: '/api/users/self-registration-roles',
  register: '/api/users/register',
};

/** The select source the form's Role field names: the roles offered in self-registration, read without a session. */
const rolesSource = 'selfRegistrationRoles';

/** The widgets' server calls for a visitor: only the roles offered in self-registration. */
function visitorDataSource(): WidgetDataSource {
  let roles: Promise<SelectOption[]> | undefined;
  return {
    ...missingDataSource,
    async loadOptions(source, { search, ids }) {
      if (source !== rolesSource) throw new Error(`no lookup ${source} for a visitor`);
      roles ??= api.get<SelectOption[]>(selfRegistrationPaths.roles).catch((error: unknown) => {
        roles = undefined;
        throw error;
      });
      const all = await roles;
      if (ids) return all.filter((o) => ids.includes(o.Id));
      const text = search?.trim().toLowerCase();
      return text ? all.filter((o) => o.Name.toLowerCase().includes(text)) : all;
    },
  };
}

/**
 * /user/create for a visitor who is not signed in (spec 1 "Public routes"): the user create form as the server
 * gives it for self-registration (the same fields and rules, without the per-user overrides), drawn by the
 * engine's form. A saved registration shows the server's message ('Your account has been successfully
 * registered. ...') and the way to sign in; Cancel goes to /login.
 */
export default function SelfRegistrationPage() {
  const navigate = useNavigate();
  const [payload, setPayload] = useState<ScreenPayload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<AccountMessage | null>(null);
  const registered = useRef<AccountMessage | null>(null);
  const source = useMemo(visitorDataSource, []);

  useEffect(() => {
    document.title = 'Register · Administration';
    let live = true;
    api.get<ScreenPayload>(selfRegistrationPaths.form).then(
      (answer) => live && setPayload(answer),
      (error: unknown) => live && setFailure(error instanceof ApiError ? error.message : routeFailureMessages.systemError),
    );
    return () => {
      live = false;
    };
  }, []);

  if (done) return <AccountDone title="Register" message={done.Message} />;
  if (failure) return <FailureScreen message={failure} />;
  if (!payload) return <LoadingScreen />;
  async function save(values: Record<string, unknown>) {
    registered.current = await api.post<AccountMessage>(selfRegistrationPaths.register, values);
    return values;
  }
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 }, display: 'flex', justifyContent: 'center' }}>
      <Box sx={{ width: '100%', maxWidth: 880 }}>
        <WidgetDataProvider source={source}>
          <FormScreen
            screen={payload.Screen}
            entity={payload.Schema}
            mode="create"
            record={null}
            title={payload.Screen.title}
            description={payload.Screen.description}
            save={save}
            onDone={() => (registered.current ? setDone(registered.current) : void navigate('/login'))}
          />
        </WidgetDataProvider>
        <Typography sx={{ mt: 2 }}>
          Already have an account? <Link component={RouterLink} to="/login">Sign in</Link>
        </Typography>
      </Box>
      <NotificationHost />
    </Box>
  );
}

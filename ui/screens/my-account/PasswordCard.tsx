import { useEffect, useRef, useState } from 'react';
import { Stack, TextField } from '@mui/material';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { ErrorList } from '../ErrorList.tsx';
import { passwordRules, rules } from '../account/validators.ts';
import { useFields } from '../account/useFields.ts';
import { SectionCard } from './SectionCard.tsx';
import type { CardProps } from './UserNameCard.tsx';

/**
 * My Account's password (spec 1 section 4): starting the change clears the current password and enables it;
 * ending it, by Cancel, by a saved change or by starting the user name change, clears the new and confirm values
 * (and the current one, so no password stays in the page). Saved through update-password.
 */
export function PasswordCard({ user, editing, onStart, onEnd }: CardProps) {
  const form = useFields({
    CurrentPassword: { label: 'Current Password', rules: [rules.required('Current Password'), rules.maxLength(200)] },
    NewPassword: { label: 'New Password', rules: passwordRules('New Password') },
    ConfirmPassword: { label: 'Confirm Password', rules: [rules.required('Confirm Password'), rules.equalTo('NewPassword', 'New Password'), rules.maxLength(200)] },
  });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    form.reset();
    setErrors([]);
    if (editing) input.current?.focus();
  }, [editing]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save() {
    if (!form.validate()) return;
    setPending(true);
    setErrors([]);
    try {
      const answer = await api.post<AccountMessage>('/api/users/update-password', { UserId: user.UserId, ...form.values });
      notify('success', answer.Message);
      onEnd();
    } catch (error) {
      setErrors(form.takeServerErrors(error instanceof ApiError ? error.items : []));
    } finally {
      setPending(false);
    }
  }

  const values = form.values;
  return (
    <SectionCard
      title="Password"
      intro="At least 8 characters, with at least one letter and one number."
      editing={editing}
      pending={pending}
      startLabel="Change Password"
      saveLabel="Save Password"
      canSave={Boolean(values.CurrentPassword || values.NewPassword || values.ConfirmPassword)}
      onStart={onStart}
      onCancel={onEnd}
      onSave={() => void save()}
    >
      <ErrorList items={errors} />
      <Stack spacing={1}>
        <TextField {...form.field('CurrentPassword')} inputRef={input} type="password" autoComplete="current-password" disabled={!editing || pending} required={editing} />
        {editing && (
          <>
            <TextField {...form.field('NewPassword')} type="password" autoComplete="new-password" disabled={pending} required />
            <TextField {...form.field('ConfirmPassword')} type="password" autoComplete="new-password" disabled={pending} required />
          </>
        )}
      </Stack>
    </SectionCard>
  );
}

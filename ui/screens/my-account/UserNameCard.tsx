import { useEffect, useRef, useState } from 'react';
import { TextField } from '@mui/material';
import type { CurrentUser } from '../../../metadata/types/CurrentUser.ts';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { ErrorList } from '../ErrorList.tsx';
import { rules } from '../account/validators.ts';
import { useFields } from '../account/useFields.ts';
import { SectionCard } from './SectionCard.tsx';
import { userNameClash } from '../../widgets/uniqueness-check.ts';

export interface CardProps {
  user: CurrentUser;
  editing: boolean;
  onStart(): void;
  onEnd(): void;
}

const isUnchanged = (value: string, user: CurrentUser) => value.trim().toLowerCase() === user.UserName.toLowerCase();

/** My Account's user name: checked for uniqueness when the field is left and again on save, then update-user-name. */
export function UserNameCard({ user, editing, onStart, onEnd, onSaved }: CardProps & { onSaved(userName: string): void }) {
  const form = useFields({ UserName: { label: 'User Name', rules: [rules.required('User Name'), rules.maxLength(200)], initial: user.UserName } });
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const checked = useRef(0);

  // Not editing (never started, cancelled, or the password change started): the field shows the current name.
  useEffect(() => {
    form.reset({ UserName: user.UserName });
    setErrors([]);
    if (editing) input.current?.focus();
  }, [editing, user.UserName]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The uniqueness check's message for the value now in the field ('' when free or unchanged); only the latest answer counts. */
  async function check(value: string): Promise<string> {
    if (!value.trim() || isUnchanged(value, user)) return '';
    const run = ++checked.current;
    const query = new URLSearchParams({ userName: value.trim(), userId: String(user.UserId) });
    const clash = await userNameClash(() => api.get<unknown>(`/api/users/is-unique-user-name?${query}`, { quiet: true }));
    if (run === checked.current && clash) form.setError('UserName', clash);
    return run === checked.current ? clash : '';
  }

  async function save() {
    if (!form.validate()) return;
    setPending(true);
    setErrors([]);
    try {
      if (await check(form.values.UserName)) return;
      const answer = await api.post<AccountMessage>('/api/users/update-user-name', { UserName: form.values.UserName.trim(), UserId: user.UserId });
      notify('success', answer.Message);
      onSaved(answer.UserName ?? form.values.UserName.trim());
      onEnd();
    } catch (error) {
      setErrors(form.takeServerErrors(error instanceof ApiError ? error.items : []));
    } finally {
      setPending(false);
    }
  }

  const field = form.field('UserName');
  return (
    <SectionCard
      title="User Name"
      intro="The name you sign in with."
      editing={editing}
      pending={pending}
      startLabel="Change User Name"
      saveLabel="Save User Name"
      canSave={!isUnchanged(form.values.UserName, user)}
      onStart={onStart}
      onCancel={onEnd}
      onSave={() => void save()}
    >
      <ErrorList items={errors} />
      <TextField
        {...field}
        inputRef={input}
        disabled={!editing || pending}
        required={editing}
        autoComplete="username"
        onBlur={() => {
          field.onBlur();
          if (editing) void check(form.values.UserName);
        }}
      />
    </SectionCard>
  );
}

import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { JsonSchema } from '../../../engine/core/forms/index.ts';
import { apiPath, lowCodeApi, type SimpleLookupItem } from '../../../engine/core/lowcode/api.ts';
import { FormScreen } from '../../../engine/react/form/FormScreen.tsx';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';

type Data = Record<string, unknown>;

interface LockedItemFormProps {
  screen: ScreenDocument;
  entity: JsonSchema;
  tableId: number;
  item: SimpleLookupItem;
  onDone(): void;
}

/**
 * The list screen's embedded edit of one item: the item is read for update, so its lock is held while the form is open
 * (read-only with the lock message when someone else holds it), saved with its lock and version, and released after.
 */
export function LockedItemForm({ screen, entity, tableId, item, onDone }: LockedItemFormProps) {
  const url = apiPath(lowCodeApi.simpleLookupItem, { tableId, id: item.Id });
  const locked = useLockedRecord(url, true, { domain: screen.id, recordId: item.Id, label: screen.form?.entityLabel ?? 'Lookup Item' });
  if (!locked.record) return <LoadingScreen />;
  return (
    <>
      <FormScreen
        screen={screen}
        entity={entity}
        mode="update"
        record={locked.record}
        title={`Edit ${item.Name}`}
        save={async (values) => {
          const saved = await locked.write<Data>('POST', url, values);
          await locked.release();
          return saved;
        }}
        onDone={onDone}
        readOnlyMessage={locked.readOnlyMessage}
      />
      <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />
    </>
  );
}

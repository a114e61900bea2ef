import { DeleteWithConfirmButton, Show, SimpleShowLayout, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { fieldsFor } from '../engine/fields';
import type { ResourceViewProps } from '../engine/types';
import { RecordTitle } from '../engine/views/common';
import { ShowFailure, useRecordQueryOptions } from '../engine/views/loadFailure';
import { fieldValueElement } from '../engine/views/FieldViews';

/** Revoke, confirmed: only a key in force. The row stays, marked revoked (the declaration's delete path revokes). */
function RevokeButton({ resource }: { resource: string }) {
  const record = useRecordContext<{ status: string }>();
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  if (!record || record.status !== 'active' || !canAccess) return null;
  return (
    <DeleteWithConfirmButton
      label="resources.api-key.revoke"
      confirmTitle="resources.api-key.revokeTitle"
      confirmContent="resources.api-key.revokeText"
      mutationMode="pessimistic"
      redirect="list"
    />
  );
}

/** A key without its secret (prefix, scopes, who made it, last use), and the way to revoke it. */
export default function ApiKeyShow({ definition }: ResourceViewProps) {
  const translate = useTranslate();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      queryOptions={queryOptions}
      error={<ShowFailure resource={definition.resourceName} />}
      actions={
        <TopToolbar>
          <RevokeButton resource={definition.resourceName} />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        {fieldsFor(definition, 'show').map((field) => fieldValueElement(definition, field, translate, 'show'))}
      </SimpleShowLayout>
    </Show>
  );
}

import { DeleteWithConfirmButton, TopToolbar, useCanAccess, useRecordContext } from 'react-admin';
import type { ResourceViewProps } from '../engine/types';
import { FieldsShow } from '../engine/views/GeneratedShow';

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
  return (
    <FieldsShow
      definition={definition}
      actions={
        <TopToolbar>
          <RevokeButton resource={definition.resourceName} />
        </TopToolbar>
      }
    />
  );
}

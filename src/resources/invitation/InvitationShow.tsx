import { Typography } from '@mui/material';
import { DeleteWithConfirmButton, Show, SimpleShowLayout, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { fieldsFor } from '../engine/fields';
import type { ResourceViewProps } from '../engine/types';
import { RecordTitle } from '../engine/views/common';
import { ShowFailure, useRecordQueryOptions } from '../engine/views/loadFailure';
import { fieldValueElement } from '../engine/views/FieldViews';
import { SignupLinkField } from './SignupLinkField';

/**
 * What the issuer hands over: the /signup link of an open code. Only for the roles that issue
 * codes: the others read codes masked (the server's rule), so they have nothing to hand over.
 */
function HandOver({ resource }: { resource: string }) {
  const translate = useTranslate();
  const record = useRecordContext<{ code: string; invitee: string | null; status: string }>();
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  if (!record || !canAccess) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.invitation.handOver')}
      </Typography>
      {record.status === 'open' && <SignupLinkField invitation={record} />}
    </>
  );
}

/** Withdraw: only an open code, only for the roles that issue codes. The row stays, marked withdrawn. */
function WithdrawButton({ resource }: { resource: string }) {
  const record = useRecordContext<{ status: string }>();
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  if (!record || record.status !== 'open' || !canAccess) return null;
  return (
    <DeleteWithConfirmButton
      label="resources.invitation.withdraw"
      confirmTitle="resources.invitation.withdrawTitle"
      confirmContent="resources.invitation.withdrawText"
      mutationMode="pessimistic"
      redirect="list"
    />
  );
}

/** An invitation with its sign-up link to hand over, and the way to withdraw it. */
export default function InvitationShow({ definition }: ResourceViewProps) {
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
          <WithdrawButton resource={definition.resourceName} />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <HandOver resource={definition.resourceName} />
        {fieldsFor(definition, 'show').map((field) => fieldValueElement(definition, field, translate))}
      </SimpleShowLayout>
    </Show>
  );
}

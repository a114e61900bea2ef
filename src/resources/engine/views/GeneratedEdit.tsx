import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import { fieldsFor, toPayload } from '../fields';
import type { ResourceViewProps } from '../types';
import { RecordTitle, useFormValidate, useSavedOutcome } from './common';
import { FieldInput } from './FieldViews';
import { EditFailure, useRecordQueryOptions } from './loadFailure';
import { RecordActions } from './RecordActions';

/**
 * A record this user may not change (its declaration's `recordAccess`), reached by URL,
 * opens read-only (or /403 without a show view) before any write can be refused.
 */
function WritableRecordOnly({ definition, children }: { definition: ResourceViewProps['definition']; children: ReactNode }) {
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { canAccess, isPending } = useCanAccess({
    resource: definition.resourceName,
    action: 'edit',
    record,
    enabled: record !== undefined,
  });
  if (!record || isPending) return null;
  if (canAccess) return <>{children}</>;
  const to = definition.hasView('show') ? createPath({ resource: definition.resourceName, id: record.id, type: 'show' }) : '/403';
  return <Navigate to={to} replace />;
}

/**
 * Pessimistic: the server answers before the form leaves, so its field errors
 * (HttpError body `errors`) land on the inputs. Delete shows only to the delete mask.
 */
export default function GeneratedEdit({ definition, schemas }: ResourceViewProps) {
  const validate = useFormValidate(definition, 'edit', schemas);
  const mutationOptions = useSavedOutcome(definition, 'saved', 'list');
  const deleteOptions = useSavedOutcome(definition, 'deleted', 'list');
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      actions={<RecordActions definition={definition} view="edit" />}
      mutationMode="pessimistic"
      mutationOptions={mutationOptions}
      transform={(data: Record<string, unknown>) => toPayload(definition, data, 'edit')}
      queryOptions={queryOptions}
      error={<EditFailure resource={definition.resourceName} />}
    >
      <WritableRecordOnly definition={definition}>
        <SimpleForm
          validate={validate}
          toolbar={
            <Toolbar sx={{ justifyContent: 'space-between' }}>
              <SaveButton />
              <DeleteButton mutationMode="pessimistic" mutationOptions={deleteOptions} />
            </Toolbar>
          }
        >
          {fieldsFor(definition, 'edit').map((field) => (
            <FieldInput key={field.source} definition={definition} field={field} mode="edit" />
          ))}
        </SimpleForm>
      </WritableRecordOnly>
    </Edit>
  );
}

import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { fieldsFor, toPayload } from '../fields';
import type { ResourceViewProps } from '../types';
import { RecordTitle, useFormValidate } from './common';
import { FieldInput } from './FieldViews';

/**
 * Pessimistic: the server answers before the form leaves, so its field errors
 * (HttpError body `errors`) land on the inputs. Delete shows only to the delete mask.
 */
export default function GeneratedEdit({ definition, schemas }: ResourceViewProps) {
  const validate = useFormValidate(definition, 'edit', schemas);
  return (
    <Edit
      resource={definition.resourceName}
      title={<RecordTitle definition={definition} />}
      mutationMode="pessimistic"
      redirect="list"
      transform={(data: Record<string, unknown>) => toPayload(definition, data, 'edit')}
    >
      <SimpleForm
        validate={validate}
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <DeleteButton mutationMode="pessimistic" />
          </Toolbar>
        }
      >
        {fieldsFor(definition, 'edit').map((field) => (
          <FieldInput key={field.source} definition={definition} field={field} mode="edit" />
        ))}
      </SimpleForm>
    </Edit>
  );
}

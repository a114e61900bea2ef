import { Create, SimpleForm } from 'react-admin';
import { fieldsFor, toPayload } from '../fields';
import type { ResourceViewProps } from '../types';
import { useCreateDefaults, useFormValidate, useResourceName } from './common';
import { FieldInput } from './FieldViews';

/** A create form validated with the shared schema; the body holds only the declared form fields. */
export default function GeneratedCreate({ definition, schemas }: ResourceViewProps) {
  const title = useResourceName(definition)(1);
  const validate = useFormValidate(definition, 'create', schemas);
  const defaultValues = useCreateDefaults(definition);
  return (
    <Create
      resource={definition.resourceName}
      title={title}
      redirect={definition.declaration.create?.redirect ?? 'list'}
      transform={(data: Record<string, unknown>) => toPayload(definition, data, 'create')}
    >
      <SimpleForm validate={validate} defaultValues={defaultValues}>
        {fieldsFor(definition, 'create').map((field) => (
          <FieldInput key={field.source} definition={definition} field={field} mode="create" />
        ))}
      </SimpleForm>
    </Create>
  );
}

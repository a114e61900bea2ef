import { Create, SimpleForm } from 'react-admin';
import { fieldsFor, toPayload } from '../fields';
import type { ResourceViewProps } from '../types';
import { useCreateDefaults, useFormValidate, useResourceName, useSavedOutcome } from './common';
import { FieldInput } from './FieldViews';

/** A create form validated with the shared schema; the body holds only the declared form fields. */
export default function GeneratedCreate({ definition, schemas }: ResourceViewProps) {
  const title = useResourceName(definition)(1);
  const validate = useFormValidate(definition, 'create', schemas);
  const defaultValues = useCreateDefaults(definition);
  const mutationOptions = useSavedOutcome(definition, 'created', definition.declaration.create?.redirect ?? 'list');
  return (
    <Create
      resource={definition.resourceName}
      title={title}
      mutationOptions={mutationOptions}
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

import { lazy, Suspense, useMemo } from 'react';
import { Create, SimpleForm } from 'react-admin';
import { fieldsFor, toPayload } from '../fields';
import type { ResourceViewProps } from '../types';
import { useCreateDefaults, useFormValidate, useResourceName, useSavedOutcome } from './common';
import { FieldInput } from './FieldViews';

/** A create form validated with the shared schema; the body holds only the declared form fields, below them the declaration's `create.formPart`. */
export default function GeneratedCreate({ definition, schemas }: ResourceViewProps) {
  const title = useResourceName(definition)(1);
  const validate = useFormValidate(definition, 'create', schemas);
  const defaultValues = useCreateDefaults(definition);
  const mutationOptions = useSavedOutcome(definition, 'created', definition.declaration.create?.redirect ?? 'list');
  const load = definition.declaration.create?.formPart;
  const FormPart = useMemo(() => (load ? lazy(load) : null), [load]);
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
        {FormPart && (
          <Suspense fallback={null}>
            <FormPart definition={definition} />
          </Suspense>
        )}
      </SimpleForm>
    </Create>
  );
}

import { useState } from 'react';
import { CheckboxGroupInput, Create, SimpleForm, TextInput, useRedirect, useTranslate } from 'react-admin';
import { API_KEY_SCOPES } from '../../contract/apiKey';
import type { ResourceViewProps } from '../engine/types';
import { useResourceName } from '../engine/views/common';
import { ShownOnce } from '../engine/views/ShownOnce';
import { schemaCheck } from '../engine/views/schemaCheck';

const scopeChoices = API_KEY_SCOPES.map((id) => ({ id, name: `resources.api-key.scope.${id}` }));

/**
 * A name and the scopes; on success the key in a dialog, once (docs/api.md "Merchant API keys"):
 * the server keeps only its hash, so closing the dialog loses it for good. Then the list.
 */
export default function ApiKeyCreate({ definition, schemas }: ResourceViewProps) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const title = useResourceName(definition)(1);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <Create
        resource={definition.resourceName}
        title={title}
        redirect={false}
        mutationOptions={{ onSuccess: (data: Record<string, unknown>) => setCreated(typeof data.key === 'string' ? data.key : null) }}
        transform={(data: Record<string, unknown>) => ({ name: data.name, scopes: data.scopes })}
      >
        <SimpleForm
          validate={schemaCheck(schemas?.create, translate)}
          defaultValues={{ name: '', scopes: ['orders:write', 'orders:read'] }}
        >
          <TextInput source="name" label="resources.api-key.fields.name" isRequired />
          <CheckboxGroupInput source="scopes" label="resources.api-key.fields.scopes" choices={scopeChoices} isRequired />
        </SimpleForm>
      </Create>
      {created && (
        <ShownOnce
          resource="api-key"
          field="key"
          value={created}
          note="resources.api-key.onlyMerchantApi"
          testId="api-key-secret"
          onDone={() => {
            setCreated(null);
            redirect('list', definition.resourceName);
          }}
        />
      )}
    </>
  );
}

import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useCanAccess,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { currencyBody, currencyUpdateBody } from '../../contract/schemas/currency';
import { schemaValidator } from '../../shell/formValidation';
import { useSession } from '../../session';
import { useAvailableSymbols, useLegalTenderChoices } from './useChoices';

const filters = [
  <TextInput key="symbol" source="symbol" alwaysOn />,
  <SelectInput key="enabled" source="enabled" choices={[{ id: 'true', name: 'Yes' }, { id: 'false', name: 'No' }]} />,
];

/** Chain-scoped: the list follows the chain selected in the app bar. */
export function CurrencyList() {
  const { currentChainObj } = useSession();
  const { canAccess: canEdit } = useCanAccess({ resource: 'currency', action: 'edit' });
  return (
    <List filters={filters} filter={currentChainObj ? { chainId: currentChainObj.chainId } : {}} sort={{ field: 'symbol', order: 'ASC' }}>
      <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
        <TextField source="symbol" />
        <TextField source="name" />
        <NumberField source="chainId" options={{ useGrouping: false }} />
        <TextField source="contractAddress" emptyText="native" />
        <NumberField source="decimals" />
        <TextField source="legalTender" />
        <TextField source="minDeposit" />
        <TextField source="minWithdraw" />
        <TextField source="withdrawFee" />
        <BooleanField source="enabled" />
      </Datagrid>
    </List>
  );
}

function SymbolInput({ create }: { create: boolean }) {
  const chainId = useWatch({ name: 'chainId' }) as number | undefined;
  const available = useAvailableSymbols(create ? chainId : undefined);
  return create ? <AutocompleteInput source="symbol" choices={available} onCreate={(value) => ({ id: value ?? '', name: value ?? '' })} /> : <TextInput source="symbol" />;
}

function CurrencyForm({ create }: { create: boolean }) {
  const { chainList } = useSession();
  const legalTenders = useLegalTenderChoices();
  return (
    <>
      <SelectInput source="chainId" choices={chainList.map((c) => ({ id: c.chainId, name: c.name }))} />
      <SymbolInput create={create} />
      <TextInput source="name" />
      <TextInput source="contractAddress" helperText="Empty for the chain's native coin" fullWidth />
      <NumberInput source="decimals" />
      <SelectInput source="legalTender" choices={legalTenders} />
      <TextInput source="minDeposit" />
      <TextInput source="minWithdraw" />
      <TextInput source="withdrawFee" />
      <BooleanInput source="enabled" />
    </>
  );
}

export function CurrencyCreate() {
  const { currentChainObj } = useSession();
  return (
    <Create redirect="list">
      <SimpleForm
        validate={schemaValidator(currencyBody)}
        defaultValues={{ chainId: currentChainObj?.chainId, decimals: 18, legalTender: 'USD', minDeposit: '0', minWithdraw: '0', withdrawFee: '0', enabled: true }}
      >
        <CurrencyForm create />
      </SimpleForm>
    </Create>
  );
}

export function CurrencyEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm validate={schemaValidator(currencyUpdateBody)}>
        <CurrencyForm create={false} />
      </SimpleForm>
    </Edit>
  );
}

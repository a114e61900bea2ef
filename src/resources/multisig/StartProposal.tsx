import { Create, SelectInput, SimpleForm, TextInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { PROPOSAL_KINDS, isMultiSigKind } from '../../contract/contractKinds';
import { signStartBody } from '../../contract/schemas/sign';
import type { ChainWalletRecord } from '../../contract/schemas/chainWallet';
import { schemaValidator } from '../../shell/formValidation';

function SymbolInput({ wallets }: { wallets: ChainWalletRecord[] }) {
  const walletId = useWatch({ name: 'walletId' }) as number | undefined;
  const wallet = wallets.find((w) => w.id === walletId);
  const choices = (wallet?.balances ?? []).map((b) => ({ id: b.symbol, name: `${b.symbol} (${b.amount})` }));
  return <SelectInput source="symbol" choices={choices} disabled={!wallet} />;
}

/** Start a proposal on a multisig wallet the user can see; the server applies the same rules. */
export default function StartProposal() {
  const translate = useTranslate();
  const { data = [] } = useGetList<ChainWalletRecord & { id: number }>('chain-wallet', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  const wallets = data.filter((w) => isMultiSigKind(w.kind));
  return (
    <Create resource="multisig" redirect="show" title={translate('multisig.start')}>
      <SimpleForm validate={schemaValidator(signStartBody)} defaultValues={{ kind: 'transfer', memo: '' }}>
        <SelectInput source="walletId" choices={wallets.map((w) => ({ id: w.id, name: `${w.label} (${w.kind}, ${w.threshold}-of-${w.signers.length})` }))} />
        <SelectInput source="kind" choices={PROPOSAL_KINDS.map((kind) => ({ id: kind, name: translate(`multisig.kind.${kind}`) }))} />
        <TextInput source="to" fullWidth />
        <TextInput source="amount" />
        <SymbolInput wallets={wallets} />
        <TextInput source="memo" fullWidth multiline />
      </SimpleForm>
    </Create>
  );
}

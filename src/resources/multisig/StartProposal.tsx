import { useMemo } from 'react';
import { Create, SelectInput, SimpleForm, TextInput, useGetList, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { may } from '../../access';
import { isColdKind, isMultiSigKind, walletKindKey } from '../../contract/contractKinds';
import { MOVEMENT_KINDS, movementCreate } from '../../contract/movement';
import { signStartBody } from '../../contract/schemas/sign';
import type { ChainWalletRecord } from '../../contract/schemas/chainWallet';
import { useSession } from '../../session';
import { schemaValidator } from '../../shell/formValidation';
import { useProposalStarted } from './proposalStarted';
import { AddressBookInput } from '../movement/AddressBookInput';
import { MovementQuotePanel } from '../movement/MovementQuote';

type Wallet = ChainWalletRecord & { id: number };

/** react-admin empties a cleared input to null; the body's text fields are '' then. */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The body of the kind chosen: a field of another kind typed before the kind changed stays home. */
function startBody(values: Record<string, unknown>): Record<string, unknown> {
  const { walletId, kind, amount } = values;
  return {
    walletId,
    kind,
    to: text(values.to),
    amount: typeof amount === 'string' && amount !== '' ? amount : undefined,
    symbol: text(values.symbol),
    memo: text(values.memo),
    ...(kind === 'refund' ? { orderNo: text(values.orderNo) } : {}),
  };
}

const validateStart = (values: Record<string, unknown>) => schemaValidator(signStartBody)(startBody(values));

function SymbolInput({ wallet }: { wallet: Wallet | undefined }) {
  const choices = (wallet?.balances ?? []).map((b) => ({ id: b.symbol, name: `${b.symbol} (${b.amount})` }));
  return <SelectInput source="symbol" choices={choices} disabled={!wallet} />;
}

/** Where the money goes, by kind: a supply to a hot wallet of the same org on the chain; a refund may leave it to the order's payer. */
function TargetInputs({ wallets }: { wallets: Wallet[] }) {
  const translate = useTranslate();
  const [walletId, kind] = useWatch({ name: ['walletId', 'kind'] }) as [number | undefined, string | undefined];
  const wallet = wallets.find((w) => w.id === walletId);
  if (kind === 'supply') {
    const targets = wallets.filter(
      (w) => wallet && w.id !== wallet.id && w.orgId === wallet.orgId && w.chainId === wallet.chainId && !isColdKind(w.kind),
    );
    return (
      <>
        <SelectInput
          source="to"
          choices={targets.map((w) => ({ id: w.address, name: `${w.label} (${translate(walletKindKey(w.kind))})` }))}
          disabled={!wallet}
          helperText={translate('resources.movement.help.supplyTo')}
        />
        <TextInput source="amount" />
        <SymbolInput wallet={wallet} />
        <MovementQuotePanel kind={kind} />
      </>
    );
  }
  return (
    <>
      {kind === 'refund' && <TextInput source="orderNo" />}
      <AddressBookInput chainId={wallet?.chainId} helperText={kind === 'refund' ? translate('resources.movement.help.refundTo') : false} />
      <TextInput source="amount" />
      <SymbolInput wallet={wallet} />
      <MovementQuotePanel kind={kind} />
    </>
  );
}

/**
 * Start a money proposal on a multisig wallet of the selected org (the server moves only
 * those), of a kind the role may move (another kind is a 403, which signs out); the server
 * applies the movement rules of its kind. A signer change is started from the wallet itself
 * ("Change signers"), where its current signers are shown and only they are offered it.
 */
export default function StartProposal() {
  const translate = useTranslate();
  const { roleIndex, selectedOrg } = useSession();
  const { data = [] } = useGetList<Wallet>('chain-wallet', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  const wallets = data.filter((w) => isMultiSigKind(w.kind) && w.orgId === selectedOrg?.orgId);
  const kinds = MOVEMENT_KINDS.filter((kind) => may(roleIndex, movementCreate(kind)));
  // New defaults reset the form: keep them stable while the role stays.
  const firstKind = kinds[0];
  const defaultValues = useMemo(() => ({ kind: firstKind, memo: '' }), [firstKind]);
  const started = useProposalStarted();
  return (
    <Create resource="multisig" title={translate('multisig.start')} transform={startBody} mutationOptions={started}>
      <SimpleForm validate={validateStart} defaultValues={defaultValues}>
        <SelectInput
          source="walletId"
          choices={wallets.map((w) => ({
            id: w.id,
            name: `${w.label} (${translate(walletKindKey(w.kind))}, ${translate('multisig.mOfN', { m: w.threshold, n: w.signers.length })})`,
          }))}
        />
        <SelectInput source="kind" choices={kinds.map((kind) => ({ id: kind, name: translate(`multisig.kind.${kind}`) }))} />
        <TargetInputs wallets={data} />
        <TextInput source="memo" fullWidth multiline />
      </SimpleForm>
    </Create>
  );
}

import { useEffect } from 'react';
import { AppBarSelect } from './AppBarSelect';
import { useRefresh, useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { ListResult } from '../../contract/envelope';
import { http } from '../../http';
import { session, useSession, type ChainRef } from '../../session';

/** Loads the chain list once per sign-in and keeps the current chain (the rule of docs/console.md). */
export function ChainSelector({ inPanel = false, onPicked }: { inPanel?: boolean; onPicked?: () => void }) {
  const translate = useTranslate();
  const { chainList, currentChainObj, account, selectedOrg } = useSession();
  const refresh = useRefresh();

  useEffect(() => {
    if (!account) return;
    http
      .get<ListResult<ChainRef>>(ApiPath.chain.list, { page: 1, pageSize: 500, sort: 'chainId', order: 'asc' })
      .then((result) => session.setChainList(result.list))
      .catch(() => session.setChainList([]));
  }, [account, selectedOrg?.orgId]);

  if (chainList.length === 0) return null;
  return (
    <AppBarSelect
      label={translate('chain.select')}
      value={currentChainObj?.chainId ?? ''}
      options={chainList.map((chain) => ({ value: chain.chainId, label: chain.name }))}
      onChange={(chainId) => {
        session.selectChain(chainId);
        refresh();
        onPicked?.();
      }}
      width={170}
      inPanel={inPanel}
    />
  );
}

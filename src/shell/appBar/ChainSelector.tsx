import { useEffect } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { ApiPath } from '../../contract/apiPaths';
import type { ListResult } from '../../contract/envelope';
import { http } from '../../api';
import { session, useSession, type ChainRef } from '../../session';

/** Loads the chain list once per sign-in and keeps the current chain (SPEC A4 rule). */
export function ChainSelector() {
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
    <TextField
      select
      size="small"
      fullWidth={false}
      variant="outlined"
      label={translate('chain.select')}
      value={currentChainObj?.chainId ?? ''}
      onChange={(e) => {
        session.selectChain(Number(e.target.value));
        refresh();
      }}
      sx={{ width: 170, mx: 1, '& .MuiInputBase-root': { color: 'inherit' }, '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,.5)' }, '& .MuiSvgIcon-root': { color: 'inherit' } }}
      slotProps={{ inputLabel: { sx: { color: 'inherit' } } }}
      inputProps={{ 'aria-label': translate('chain.select') }}
    >
      {chainList.map((chain) => (
        <MenuItem key={chain.chainId} value={chain.chainId}>
          {chain.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

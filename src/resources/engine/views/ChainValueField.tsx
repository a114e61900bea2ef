import { copyText } from '../../../shell/clipboard';
import type { MouseEvent } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useSession } from '../../../session';
import { shortenChainValue } from '../explorer';
import { ChainValueLinkButton, useChainValueLink } from './ChainValueLinkButton';
import type { FieldDeclaration, ServerRecord } from '../types';

/** The chain reference field a value's chain is read from (the same one its family comes from). */
const chainFieldOf = (field: FieldDeclaration) =>
  field.kind === 'address' && typeof field.family === 'object' ? field.family.chain : 'chainId';

/**
 * An address or transaction hash: shortened in a table (`0x1234…abcd`, the whole value in a
 * tooltip), whole on a record's page; a copy button, and a link to the chain's block explorer
 * when the chain names one, or to the console's own view on a devnet (ChainValueLinkButton). In
 * a phone's list row, which is one button, the shortened value alone (`actions: false`). Its buttons never open the row they sit in.
 */
export function ChainValueField({ field, compact, actions = true }: { field: FieldDeclaration; compact: boolean; actions?: boolean }) {
  const record = useRecordContext<ServerRecord>();
  const { chainList, currentChainObj } = useSession();
  const translate = useTranslate();
  const notify = useNotify();
  const raw = record?.[field.source];
  const value = raw === undefined || raw === null ? '' : String(raw);
  const chainId = record?.[chainFieldOf(field)];
  const chain = chainId === undefined || chainId === null ? currentChainObj : chainList.find((c) => String(c.chainId) === String(chainId));
  const link = useChainValueLink(chain, value);
  if (!actions && value !== '')
    return (
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {shortenChainValue(value)}
      </Typography>
    );
  if (raw === undefined || raw === null || raw === '') {
    const empty = field.kind === 'address' ? field.emptyText : undefined;
    return <Typography variant="body2">{empty ? translate(empty, { _: empty }) : ''}</Typography>;
  }
  const copy = (event: MouseEvent) => {
    event.stopPropagation();
    void copyText(value).then((copied) =>
      copied ? notify('resourceEngine.copied', { type: 'info' }) : notify('resourceEngine.copyFailed', { type: 'warning' }),
    );
  };
  const text = (
    <Typography
      variant="body2"
      component="span"
      title={compact ? undefined : value}
      sx={{ fontFamily: 'monospace', whiteSpace: compact ? 'nowrap' : undefined, wordBreak: compact ? undefined : 'break-all' }}
    >
      {compact ? shortenChainValue(value) : value}
    </Typography>
  );
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, maxWidth: '100%' }}>
      {compact ? <Tooltip title={<Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</Box>}>{text}</Tooltip> : text}
      <Tooltip title={translate('resourceEngine.copy')}>
        <IconButton size="small" aria-label={translate('resourceEngine.copy')} onClick={copy}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      {link && <ChainValueLinkButton link={link} />}
    </Box>
  );
}

import type { ReactNode } from 'react';
import { IconButton, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

/** A row drawer's heading (`id` labels the drawer's region) with its ✕. */
export function DrawerTitle({
  id,
  children,
  close,
  closeTestId,
}: {
  id: string;
  children: ReactNode;
  close?: () => void;
  closeTestId?: string;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <Typography id={id} variant="h6" component="h2">
        {children}
      </Typography>
      <IconButton aria-label={translate('ra.action.close')} onClick={close} data-testid={closeTestId}>
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

/**
 * A record's facts as label → value rows ("—" for none). Fixed columns with break-word: a value
 * wraps between words and breaks inside one (a hash) only when it cannot fit — never "U SDT".
 */
export function FactsTable({ facts }: { facts: Array<[label: string, value: ReactNode]> }) {
  return (
    <Table size="small" sx={{ mb: 2, tableLayout: 'fixed' }}>
      <TableBody>
        {facts.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: 150, color: 'text.secondary' }}>
              {label}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'break-word' }}>{value ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

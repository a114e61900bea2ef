import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A record's facts as label → value rows (labels are translation keys): profiles, order details. */
export function LabelledRows({ rows, labelWidth = 200 }: { rows: ReadonlyArray<readonly [string, ReactNode]>; labelWidth?: number }) {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableBody>
        {rows.map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" sx={{ width: labelWidth, color: 'text.secondary' }}>
              {translate(key)}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import { useEffect, useState } from 'react';
import { ApiPath } from '../../contract/apiPaths';
import type { ListResult } from '../../contract/envelope';
import type { LegalTenderRecord } from '../../contract/schemas/currency';
import { http } from '../../api';

export interface Choice {
  id: string;
  name: string;
}

/** Legal tenders for pricing, from GET /sys/currency/legalTender/list. */
export function useLegalTenderChoices(): Choice[] {
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    http
      .get<ListResult<LegalTenderRecord>>(ApiPath.currency.legalTenderList, { pageSize: 500 })
      .then((r) => setChoices(r.list.map((t) => ({ id: t.code, name: `${t.code} — ${t.name}` }))))
      .catch(() => setChoices([]));
  }, []);
  return choices;
}

/** Symbols a new currency may take on a chain, from GET /sys/currency/symbol/available. */
export function useAvailableSymbols(chainId: number | undefined): Choice[] {
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    if (!chainId) return setChoices([]);
    http
      .get<Array<{ symbol: string; name: string }> | ListResult<{ symbol: string; name: string }>>(ApiPath.currency.symbolAvailable, { chainId })
      .then((r) => {
        const list = Array.isArray(r) ? r : r.list;
        setChoices(list.map((s) => ({ id: s.symbol, name: `${s.symbol} — ${s.name}` })));
      })
      .catch(() => setChoices([]));
  }, [chainId]);
  return choices;
}

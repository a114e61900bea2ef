import { z } from 'zod';

/** Which of a list's screens an export words its columns as (one endpoint, two screens: the ledger and its lite view). */
export const exportView = <V extends string>(views: readonly [V, ...V[]]) => z.enum(views).optional();

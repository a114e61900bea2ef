import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/contract/constants';
import { INVITATION_STATUSES } from '../../../src/contract/invitation';
import { RECREDITABLE_STATUSES } from '../../../src/contract/orderRepair';
import { OPEN_STATUSES } from '../../../src/contract/proposalMachine';
import { PROPOSAL_STATUSES } from '../../../src/contract/contractKinds';
import { ORDER_STATUSES } from '../../../src/contract/report';
import { hasText, readCatalogue, sourcesUnder } from './catalogues';

/**
 * The server answers with message keys (`api.…`, field errors `validation.…`) that it
 * translates from public/locales/<lng>/api.json (server/http/messages.ts) and the console
 * shows as they come: a key missing there reaches the user as the raw key.
 */
const sources = [...sourcesUnder('server'), ...sourcesUnder('src/contract')];

const quoted = new Set<string>();
for (const text of sources) for (const match of text.matchAll(/(['"])((?:api|validation)\.[\w.-]+)\1/g)) quoted.add(match[2]);
// The catalogue's own file name, not a key.
quoted.delete('api.json');

/** Keys built from a status, with the statuses each refusal can meet. */
const except = (all: readonly string[], skipped: readonly string[]) => all.filter((value) => !skipped.includes(value));
const families: Record<string, readonly string[]> = {
  'api.proposalFinished': except(PROPOSAL_STATUSES, OPEN_STATUSES),
  'api.invitationNotOpen': except(INVITATION_STATUSES, ['open']),
  'api.recreditStatus': except(ORDER_STATUSES, RECREDITABLE_STATUSES),
};

describe('message keys of the server and the shared contract', () => {
  it('found keys to check', () => {
    expect(quoted.size).toBeGreaterThan(100);
    expect(quoted).toContain('api.notSigner'); // src/contract/proposalMachine.ts
    expect(quoted).toContain('validation.roleLevel'); // server/modules/member
  });

  it('every key built from a value has its family here, and only those', () => {
    const built = new Set<string>();
    for (const text of sources) for (const match of text.matchAll(/`((?:api|validation)\.[\w.-]*)\.\$\{/g)) built.add(match[1]);
    expect([...built].sort()).toEqual(Object.keys(families).sort());
  });

  describe.each(LANGUAGES)('%s api.json', (lng) => {
    const catalogue = readCatalogue(lng, 'api');
    it.each([...quoted].sort())('%s', (key) => {
      expect(hasText(catalogue, key)).toBe(true);
    });
    it.each(Object.entries(families))('%s.<status> for every status it refuses', (prefix, values) => {
      expect(values.length).toBeGreaterThan(0);
      expect(values.map((value) => `${prefix}.${value}`).filter((key) => !hasText(catalogue, key))).toEqual([]);
    });
  });
});

import { ApiPath } from '../../contract/apiPaths';
import type { ProposalAction } from '../../contract/proposalMachine';
import type { ProposalDetail } from '../../contract/schemas/sign';
import { http } from '../../http';
import { toasts } from '../../shell/toast';

const paths: Record<ProposalAction, string> = { approval: ApiPath.sign.approval, deny: ApiPath.sign.deny, confirm: ApiPath.sign.confirm };

/**
 * Runs one action with a loading toast that turns into success or the server's own
 * message (the HTTP client's error toast is the same text, so it shows once).
 */
export async function runProposalAction(
  action: ProposalAction,
  proposalId: number,
  comment: string,
  text: { pending: string; done: string },
): Promise<ProposalDetail | null> {
  const id = toasts.loading(text.pending);
  try {
    const detail = await http.post<ProposalDetail>(paths[action], { proposalId, comment });
    toasts.settle(id, 'success', text.done);
    return detail;
  } catch (error) {
    toasts.remove(id);
    toasts.add('error', (error as Error).message);
    return null;
  }
}

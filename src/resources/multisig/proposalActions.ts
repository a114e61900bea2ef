import { useMutation } from '@tanstack/react-query';
import type { ProposalAction } from '../../contract/proposalMachine';
import type { ProposalDetail } from '../../contract/schemas/sign';
import type { ApprovalSignatures } from '../../dataProvider/consoleMethods';
import { useConsoleDataProvider } from '../../shell/consoleQuery';
import { toasts } from '../../shell/toast';

/**
 * Runs one action (the dataProvider's `proposalAction`, as a react-query mutation) with a
 * loading toast that turns into success or the server's own message (the HTTP client's error
 * toast is the same text, so it shows once). The caller refreshes what shows the proposal.
 */
export function useProposalAction() {
  const dataProvider = useConsoleDataProvider();
  const mutation = useMutation({ mutationFn: dataProvider.proposalAction });
  return async (
    action: ProposalAction,
    proposalId: number,
    comment: string,
    signed: ApprovalSignatures | undefined,
    text: { pending: string; done: string },
  ): Promise<ProposalDetail | null> => {
    const id = toasts.loading(text.pending);
    try {
      const detail = await mutation.mutateAsync({ action, proposalId, comment, signed });
      toasts.settle(id, 'success', text.done);
      return detail;
    } catch (error) {
      toasts.remove(id);
      toasts.add('error', (error as Error).message);
      return null;
    }
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { whenSentForApproval } from '../../lib/sentForApproval';
import type { Token } from './types';
import { tokenKeys } from './tokensApi';

/**
 * A token save (add or modify): on success a toast, the panel closes and the token list and the coin lists
 * (GET /api/cointypes, with and without tokens) reload. A failure stays in `error` for the panel to show; a save
 * sent for approval closes the panel without a success toast.
 */
export function useSaveToken<V>(save: (input: V) => Promise<Token>, successText: string, onSaved: () => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => {
      void message.success(successText);
      void queryClient.invalidateQueries({ queryKey: tokenKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['cointypes'] });
      onSaved();
    },
    // Sent for approval: the app's toast says so (queryClient.ts); the panel closes, the list stays as it is.
    onError: whenSentForApproval(onSaved),
  });
}

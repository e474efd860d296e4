import { apiPost } from '../../lib/api';
import type { PostReply } from '../../lib/apiTypes';

/** `POST /api/user/step-up`'s reply: when the session's sensitive calls stop passing. */
export type StepUpReply = PostReply<'/api/user/step-up'>;

/**
 * `POST /api/user/step-up {code}`: a current authenticator code or a recovery code makes this session fresh for
 * 5 minutes. A wrong code is a 400 naming `code`; too many wrong codes lock the account's code checks (429); an
 * account without an authenticator is refused (403). Never itself answered with the step-up prompt.
 */
export function stepUp(code: string): Promise<StepUpReply> {
  return apiPost('/api/user/step-up', { body: { code }, stepUp: false });
}

import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { messageFor } from '../../../lib/error-message';
import { resendVerification } from '../api/resend-verification';

/**
 * "Send the verification email again", for a signed-in customer whose address is not verified
 * (profile, checkout, an expired link): the server's answer is said under it, a refusal too
 * (the hourly limit says when to try again).
 */
export function ResendVerification({ className = '' }: { className?: string }) {
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string }>();
  return (
    <div className={`space-y-2 ${className}`.trim()}>
      <Button
        variant="secondary"
        disabled={sending}
        onClick={async () => {
          setSending(true);
          setNotice(undefined);
          try {
            const { message } = await resendVerification();
            setNotice({ kind: 'success', text: message || M.verificationSent });
          } catch (failure) {
            setNotice({
              kind: 'error',
              text: messageFor(failure, { fallback: M.verificationSendFailed, network: M.verificationSendFailed }),
            });
          } finally {
            setSending(false);
          }
        }}
      >
        {sending ? 'Sending…' : M.resendVerification}
      </Button>
      {notice && <FormMessage kind={notice.kind}>{notice.text}</FormMessage>}
    </div>
  );
}

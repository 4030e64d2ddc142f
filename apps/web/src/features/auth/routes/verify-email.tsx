import { ACCOUNT_MESSAGES as M } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { paths } from '../../../config/paths';
import { messageFor } from '../../../lib/error-message';
import { sessionQueryKey } from '../api/get-session';
import { verifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { ResendVerification } from '../components/resend-verification';
import { useSession } from '../session';

type Outcome = { kind: 'pending' } | { kind: 'verified'; text: string } | { kind: 'failed'; text: string };

/** The token of the emailed link: in the fragment, which the browser never sends to a server. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /verify-email#token=…: the page the emailed link opens. It sends the token once, then says
 * whether the address is verified; an expired or used link offers a new one (or a login first).
 * It needs no login: the link may be opened on another device.
 */
export default function VerifyEmailPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  /** The token last sent (null: none yet): each link is sent once, a single-use link. */
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const token = tokenOf(location.hash);
    // NOTE: each token once (React's development double effect too), and the address without a
    // fragment this page leaves behind is not a link of its own; another link opened in the same
    // tab (only the fragment changes) is sent in its turn.
    if (sent.current !== null && (token === '' || token === sent.current)) return;
    sent.current = token;
    setOutcome({ kind: 'pending' });
    // The token leaves the address bar and the history once read.
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (!token) {
      setOutcome({ kind: 'failed', text: M.verificationLinkMissing });
      return;
    }
    verifyEmail({ token })
      .then(({ message }) => {
        setOutcome({ kind: 'verified', text: message || M.emailVerified });
        // This browser's session (if any, perhaps still loading) reads the verified address anew.
        queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      })
      .catch((failure: unknown) =>
        setOutcome({
          kind: 'failed',
          text: messageFor(failure, { fallback: M.verificationLinkInvalid, network: M.unexpectedError }),
        }),
      );
  }, [queryClient, location, navigate]);

  return (
    <AuthCard title="Verify your email">
      <div className="space-y-4" data-testid="verify-email-outcome" data-outcome={outcome.kind}>
        {outcome.kind === 'pending' && <FormMessage kind="info">{M.verifyingEmail}</FormMessage>}
        {outcome.kind === 'verified' && (
          <>
            <FormMessage kind="success">{outcome.text}</FormMessage>
            <p className="text-sm">You can now choose pay on delivery at checkout in Lagos.</p>
            <Link to={paths.checkout.href()} className={buttonClasses('primary')}>
              Go to checkout
            </Link>
          </>
        )}
        {outcome.kind === 'failed' && (
          <>
            <FormMessage kind="error">{outcome.text}</FormMessage>
            {user ? (
              user.emailVerified ? null : (
                <ResendVerification />
              )
            ) : (
              <p className="text-sm">
                <Link to={paths.login.href()} className="font-medium text-wine-700 underline dark:text-wine-300">
                  {M.loginToResend}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </AuthCard>
  );
}

import { APP_START_MESSAGES, STOCK_ALERT_MESSAGES } from '@shop/shared';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../../components/ui/form-field';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useAppStarted } from '../../../lib/use-app-started';
import { useTypedBeforeStart } from '../../../lib/use-typed-before-start';
import { useSession } from '../../auth';
import { useRequestStockAlert } from '../api/request-stock-alert';

/**
 * On a sold-out product page: an email (the signed-in customer's, filled in) to be told once when
 * the product is back (decision 031). The server's answer in a status; a refusal in an alert, a
 * bad address under the field. On a product page the server drew, it cannot be sent until the
 * app has started (it says so on its button), and what was typed before then is kept.
 */
export function StockAlertForm({ productId }: { productId: string }) {
  const id = useId();
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [edited, setEdited] = useState(false);
  const request = useRequestStockAlert(productId);
  const started = useAppStarted();
  const inputRef = useRef<HTMLInputElement>(null);
  useTypedBeforeStart(inputRef, (typed) => {
    setEdited(true);
    setEmail(typed);
  });

  // The signed-in customer's address, once the session is known, unless they typed one already.
  useEffect(() => {
    if (user?.email && !edited) setEmail(user.email);
  }, [user?.email, edited]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  const error = request.error;
  const fieldError = error instanceof ApiError ? error.errors?.email : undefined;
  const failure = fieldError ? undefined : error ? (serverMessage(error) ?? STOCK_ALERT_MESSAGES.failed) : undefined;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-linen-200 p-4 dark:border-stone-800"
      data-testid="stock-alert"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {STOCK_ALERT_MESSAGES.heading}
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{STOCK_ALERT_MESSAGES.intro}</p>
      {/* POST with no action: pressed before the app runs, nothing the visitor typed is put in a URL. */}
      <form method="post" onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          ref={inputRef}
          label={STOCK_ALERT_MESSAGES.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEdited(true);
            setEmail(event.target.value);
          }}
          error={fieldError}
          className="min-w-0 flex-1"
        />
        <SubmitButton
          pending={request.isPending || !started}
          pendingLabel={
            started ? (
              STOCK_ALERT_MESSAGES.submitting
            ) : (
              <>
                {APP_START_MESSAGES.gettingReady}
                <span className="sr-only"> {APP_START_MESSAGES.reason}</span>
              </>
            )
          }
          className="sm:mt-6"
        >
          {STOCK_ALERT_MESSAGES.submit}
        </SubmitButton>
      </form>
      {/* Always present, so the confirmation is announced when it appears. */}
      <div role="status" className="mt-3 empty:hidden">
        {request.isSuccess && (
          <p className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
            {request.data.message}
          </p>
        )}
      </div>
      {failure && (
        <div className="mt-3">
          <FormMessage kind="error">{failure}</FormMessage>
        </div>
      )}
    </section>
  );
}

import { NEWSLETTER_FORM, NEWSLETTER_MESSAGES } from '@shop/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button';
import { serverMessage } from '../../../lib/api-client';
import { useTypedBeforeStart } from '../../../lib/use-typed-before-start';
import { useSubscribeToNewsletter } from '../api/subscribe-newsletter';

/**
 * The home page's newsletter form: the server's message on success or refusal (SPEC.md §8).
 * A real form too: pressed before the page's script has started, it posts to the server's form
 * endpoint, which subscribes and sends the visitor back here with `?newsletter=subscribed`,
 * shown below the form (README "Forms before the script").
 */
export function NewsletterSignup() {
  const id = useId();
  const [email, setEmail] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const subscribe = useSubscribeToNewsletter();
  const location = useLocation();
  useTypedBeforeStart(inputRef, setEmail);
  // Back from the form endpoint: the signup worked (the app's own signup then says what it did).
  const sentAsForm =
    subscribe.isIdle &&
    new URLSearchParams(location.search).get(NEWSLETTER_FORM.noticeParam) === NEWSLETTER_FORM.subscribedNotice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };

  // The server's own words for a refusal (a bad address, too many signups); ours when it sent none.
  const failure = serverMessage(subscribe.error) ?? NEWSLETTER_MESSAGES.failed;
  return (
    <section
      id={NEWSLETTER_FORM.sectionId}
      aria-labelledby={`${id}-title`}
      className="on-dark render-when-near scroll-mt-20 bg-wine-900 text-white"
    >
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6">
        <h2 id={`${id}-title`} className="text-2xl font-semibold sm:text-3xl">
          Join Our Newsletter
        </h2>
        <p className="mt-2 text-wine-50">New laces, restocks and offers, straight to your inbox.</p>
        {/* NOTE: noValidate so the server's own message explains a bad address, the same for every browser. */}
        <form
          method="post"
          action={NEWSLETTER_FORM.action}
          onSubmit={submit}
          noValidate
          className="mx-auto mt-6 flex max-w-md flex-col gap-2 sm:flex-row"
        >
          <input type="hidden" name={NEWSLETTER_FORM.returnField} value={`${location.pathname}${location.search}`} />
          <label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.com"
            aria-describedby={`${id}-result`}
            aria-invalid={subscribe.isError || undefined}
            className="min-w-0 flex-1 rounded-full border border-white/40 bg-white px-4 py-2.5 text-stone-900 placeholder:text-stone-500"
          />
          <SubmitButton variant="gold" pending={subscribe.isPending} pendingLabel="Subscribing…">
            Subscribe
          </SubmitButton>
        </form>
        <p
          id={`${id}-result`}
          role="status"
          className="mt-3 min-h-6 text-sm font-medium"
          data-testid="newsletter-result"
        >
          {sentAsForm && NEWSLETTER_MESSAGES.subscribed}
          {subscribe.isSuccess && subscribe.data.message}
          {subscribe.isError && failure}
        </p>
      </div>
    </section>
  );
}

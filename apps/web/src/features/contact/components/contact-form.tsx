import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_HONEYPOT_FIELD, type ContactRequest, contactRequestSchema, CONTACT_MESSAGES as M } from '@shop/shared';
import { type ComponentProps, forwardRef, useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/form-field';
import { FormMessage } from '../../../components/ui/form-message';
import { showServerFieldErrors } from '../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { toast } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactFields = {
  fullname: string;
  email: string;
  subject: string;
  message: string;
  privacyPolicy: boolean;
  website: string;
};

const EMPTY: ContactFields = { fullname: '', email: '', subject: '', message: '', privacyPolicy: false, website: '' };

// The form holds what the visitor types; the shared schema turns it into what the server gets.
const resolver = zodResolver(contactRequestSchema) as unknown as Resolver<ContactFields, unknown, ContactRequest>;

const PrivacyCheckbox = forwardRef<HTMLInputElement, ComponentProps<'input'> & { error?: string }>(
  function PrivacyCheckbox({ error, ...props }, ref) {
    const id = useId();
    return (
      <div>
        <div className="flex items-start gap-3">
          <input
            ref={ref}
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-stone-400 accent-wine-700 dark:accent-wine-300"
            {...props}
          />
          <label htmlFor={id} className="text-sm text-stone-800 dark:text-stone-200">
            I agree to the{' '}
            <Link to={paths.privacyPolicy.href()} className="font-semibold text-wine-700 underline dark:text-wine-300">
              Privacy Policy
            </Link>{' '}
            and to being contacted about my message.
          </label>
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    );
  },
);

/** The contact form (SPEC.md §3, §5, §8): the toast says how it went, the banner stays. */
export function ContactForm() {
  const send = useSendContactMessage();
  const [outcome, setOutcome] = useState<'sent' | 'failed'>();
  const [failureDetail, setFailureDetail] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFields, unknown, ContactRequest>({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (parsed) => {
    setOutcome(undefined);
    setFailureDetail(undefined);
    try {
      await send.mutateAsync(parsed);
    } catch (failure) {
      // What was typed stays; a field the server refused gets its message under it.
      showServerFieldErrors(failure, EMPTY, setError);
      if (failure instanceof ApiError && failure.code === 'TOO_MANY_REQUESTS') setFailureDetail(M.tooManyMessages);
      setOutcome('failed');
      toast.error(M.failed);
      return;
    }
    reset(EMPTY);
    setOutcome('sent');
    toast.success(M.sent);
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-semibold text-stone-900 dark:text-stone-100">
        Send us a message
      </h2>
      {outcome === 'sent' && <FormMessage kind="success">{M.sentBanner}</FormMessage>}
      {outcome === 'failed' && (
        <FormMessage kind="error">{failureDetail ? `${M.failedBanner} ${failureDetail}` : M.failedBanner}</FormMessage>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" error={errors.fullname?.message} {...register('fullname')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Subject (optional)" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} {...register('message')} />
      {/* NOTE: people never see or reach this field; bots that fill every input do, and are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...register(CONTACT_HONEYPOT_FIELD)}
        />
      </div>
      <PrivacyCheckbox error={errors.privacyPolicy?.message} {...register('privacyPolicy')} />
      <SubmitButton className="w-full sm:w-auto" pending={isSubmitting} pendingLabel="Sending…">
        Send Message
      </SubmitButton>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  SHOP_SETTINGS_MESSAGES as M,
  OPENING_HOURS_MAX_LINES,
  type ShopSettings,
  type ShopSettingsAnswer,
} from '@shop/shared';
import { type ReactNode, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/form-field';
import { showServerFieldErrors } from '../../../../components/ui/server-field-errors';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { toast } from '../../../../components/ui/toaster';
import { AdminError } from '../../components/admin-error';
import { useUpdateSettings } from '../api/update-settings';
import { NIGERIAN_BANKS } from './nigerian-banks';
import { type SettingsFormValues, settingsFormSchema, toFormValues } from './settings-form-data';

const legendClass = 'text-lg font-semibold text-stone-900 dark:text-stone-100';
const fieldsetClass =
  'min-w-0 space-y-4 rounded-2xl border border-linen-200 bg-white p-4 sm:p-6 dark:border-stone-800 dark:bg-stone-900';
const BANK_LIST_ID = 'settings-nigerian-banks';

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={`${legendClass} float-left mb-2 w-full`}>{legend}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/**
 * The Settings tab's one form: the shop's details, address, opening hours, bank account and how
 * orders run. Checked in the browser by the shared schema (the server's own rules and messages);
 * a refusal puts the server's messages under their fields and keeps everything typed.
 */
export function SettingsForm({ answer }: { answer: ShopSettingsAnswer }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SettingsFormValues, unknown, ShopSettings>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toFormValues(answer.settings),
  });
  const hours = useFieldArray({ control, name: 'openingHours' });
  const save = useUpdateSettings();
  const [failure, setFailure] = useState<unknown>();

  const submit = handleSubmit(async (settings) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(settings);
      reset(toFormValues(saved.settings));
      toast.success(M.saved);
    } catch (error) {
      setFailure(error);
      showServerFieldErrors(error, getValues(), setError, { focusFirst: true });
    }
  });

  const hoursError = errors.openingHours?.root?.message ?? errors.openingHours?.message;

  return (
    <form noValidate aria-label="Shop settings" onSubmit={submit} className="space-y-6">
      <Section legend="Shop details">
        <TextField label="Shop name" autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          hint="Customers write here; shown on the contact page, receipts and emails"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="e.g. 0801 234 5678; kept as +234 801 234 5678"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="WhatsApp"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="The number customers chat with"
          error={errors.whatsapp?.message}
          {...register('whatsapp')}
        />
      </Section>

      <Section legend="Address">
        <TextField
          label="Street"
          className="sm:col-span-2"
          error={errors.address?.street?.message}
          {...register('address.street')}
        />
        <TextField
          label="Area (optional)"
          hint="e.g. Lagos Island"
          error={errors.address?.area?.message}
          {...register('address.area')}
        />
        <TextField label="City" error={errors.address?.city?.message} {...register('address.city')} />
        <TextField label="State" error={errors.address?.state?.message} {...register('address.state')} />
        <TextField label="Country" error={errors.address?.country?.message} {...register('address.country')} />
        <TextField
          label="Map link (optional)"
          type="url"
          className="sm:col-span-2"
          hint="A https:// link to the shop on a map; blank: a map search for the address"
          error={errors.mapUrl?.message}
          {...register('mapUrl')}
        />
      </Section>

      <fieldset className={fieldsetClass} aria-describedby={hoursError ? 'opening-hours-error' : undefined}>
        <legend className={`${legendClass} float-left mb-2 w-full`}>Opening hours</legend>
        <div className="clear-both space-y-4">
          {hoursError && (
            <p id="opening-hours-error" className="text-sm text-red-700 dark:text-red-300">
              {hoursError}
            </p>
          )}
          <ol className="space-y-4">
            {hours.fields.map((line, index) => (
              <li
                key={line.id}
                className="grid gap-3 border-b border-linen-200 pb-4 last:border-b-0 last:pb-0 sm:grid-cols-[1fr_1fr_auto] sm:items-start dark:border-stone-800"
              >
                <TextField
                  label={`Days, line ${index + 1}`}
                  hint="e.g. Monday to Friday"
                  error={errors.openingHours?.[index]?.days?.message}
                  {...register(`openingHours.${index}.days`)}
                />
                <TextField
                  label={`Hours, line ${index + 1}`}
                  hint="e.g. 8:00 – 18:00, or Closed"
                  error={errors.openingHours?.[index]?.hours?.message}
                  {...register(`openingHours.${index}.hours`)}
                />
                <Button
                  variant="dangerGhost"
                  className="sm:mt-6"
                  disabled={hours.fields.length <= 1}
                  onClick={() => hours.remove(index)}
                >
                  Remove line {index + 1}
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            disabled={hours.fields.length >= OPENING_HOURS_MAX_LINES}
            onClick={() => hours.append({ days: '', hours: '' }, { shouldFocus: true })}
          >
            Add a line of hours
          </Button>
          <p className="text-xs text-stone-500 dark:text-stone-400">
            From 1 to {OPENING_HOURS_MAX_LINES} lines, shown in this order on the footer and the contact page.
          </p>
        </div>
      </fieldset>

      <Section legend="Bank account">
        <TextField
          label="Account name"
          hint="As the bank shows it to the customer"
          error={errors.bankAccount?.accountName?.message}
          {...register('bankAccount.accountName')}
        />
        <TextField
          label="Bank"
          list={BANK_LIST_ID}
          autoComplete="off"
          hint="Pick from the list or type the bank's name"
          error={errors.bankAccount?.bankName?.message}
          {...register('bankAccount.bankName')}
        />
        <datalist id={BANK_LIST_ID}>
          {NIGERIAN_BANKS.map((bank) => (
            <option key={bank} value={bank} />
          ))}
        </datalist>
        <TextField
          label="Account number (NUBAN)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          hint="10 digits"
          error={errors.bankAccount?.accountNumber?.message}
          {...register('bankAccount.accountNumber')}
        />
      </Section>

      <Section legend="Orders">
        <TextField
          label="Orders email (optional)"
          type="email"
          autoComplete="off"
          className="sm:col-span-2"
          hint="Where new orders and transfer proofs are sent; blank: the shop's email"
          error={errors.ordersEmail?.message}
          {...register('ordersEmail')}
        />
        <TextField
          label="Pay-on-delivery cap (₦)"
          inputMode="numeric"
          hint="The largest order, with delivery, that may be paid on delivery; 0 turns it off"
          error={errors.payOnDeliveryCapNaira?.message}
          {...register('payOnDeliveryCapNaira')}
        />
        <TextField
          label="Card payment window (minutes)"
          inputMode="numeric"
          hint="How long an unpaid card order keeps its stock"
          error={errors.cardPaymentWindowMinutes?.message}
          {...register('cardPaymentWindowMinutes')}
        />
        <TextField
          label="Bank transfer window (hours)"
          inputMode="numeric"
          hint="How long an unpaid bank-transfer order keeps its stock"
          error={errors.bankTransferWindowHours?.message}
          {...register('bankTransferWindowHours')}
        />
        <TextField
          label="Pay-on-delivery confirmation window (hours)"
          inputMode="numeric"
          hint="How long a pay-on-delivery order waits for your phone call before it is cancelled; once confirmed it is kept until delivered"
          error={errors.podConfirmWindowHours?.message}
          {...register('podConfirmWindowHours')}
        />
      </Section>

      {failure !== undefined && <AdminError error={failure} />}
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Save settings
      </SubmitButton>
    </form>
  );
}

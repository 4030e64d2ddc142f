import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_MESSAGES as M,
  type ProfileForm,
  type ProfileFormValues,
  profileFormSchema,
  type User,
} from '@shop/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/form-field';
import { FormMessage } from '../../../components/ui/form-message';
import { PageContainer } from '../../../components/ui/page-container';
import { PageHeading } from '../../../components/ui/page-heading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ApiError } from '../../../lib/api-client';
import { messageFor } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { ResendVerification, useLogoutToHome, useSession } from '../../auth';
import { updateProfile } from '../api/update-profile';
import { CartSummary } from '../components/cart-summary';

const FIELDS: { name: Exclude<keyof ProfileForm, 'currentPassword'>; label: string }[] = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'phoneNumber', label: 'Phone number' },
  { name: 'address', label: 'Address' },
];

const formValuesOf = (user: User): ProfileForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phoneNumber: user.phoneNumber ?? '',
  address: user.address ?? '',
});

export default function ProfilePage() {
  usePageTitle('Profile');
  const { user } = useSession();
  const logoutToHome = useLogoutToHome();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string }>();
  if (!user) return null;

  return (
    <PageContainer>
      <PageHeading>Profile</PageHeading>
      <div className="mt-8 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="profile-details-heading"
          className="rounded-2xl border border-linen-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="flex items-center justify-between gap-4">
            <h2 id="profile-details-heading" className="text-lg font-semibold">
              Your details
            </h2>
            {!editing && (
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(undefined);
                  setEditing(true);
                }}
              >
                Edit Profile
              </Button>
            )}
          </div>
          {notice && (
            <div className="mt-4">
              <FormMessage kind={notice.kind}>{notice.text}</FormMessage>
            </div>
          )}
          {editing ? (
            <ProfileEditForm
              user={user}
              onDone={(result) => {
                setEditing(false);
                setNotice(result);
              }}
              onError={(text) => setNotice({ kind: 'error', text })}
            />
          ) : (
            <>
              <dl className="mt-6 grid gap-4 sm:grid-cols-2">
                {FIELDS.map((field) => (
                  <div key={field.name}>
                    <dt className="text-sm text-stone-500 dark:text-stone-400">{field.label}</dt>
                    <dd className="mt-1 font-medium" data-field={field.name}>
                      {user[field.name] || 'Not set'}
                    </dd>
                  </div>
                ))}
              </dl>
              <EmailVerification verified={user.emailVerified} />
            </>
          )}
        </section>
        <div className="space-y-6">
          <CartSummary showCheckout />
          <Button
            variant="ghost"
            className="w-full border border-stone-300 dark:border-stone-700"
            onClick={logoutToHome}
          >
            Logout
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}

/** Whether the email address is verified; if not, why it matters and a way to get a new link. */
function EmailVerification({ verified }: { verified: boolean }) {
  return (
    <div
      className="mt-6 space-y-3 border-t border-linen-200 pt-4 dark:border-stone-800"
      data-testid="email-verification"
    >
      <p className="font-medium">{verified ? M.emailVerified : M.emailNotVerified}</p>
      {!verified && (
        <>
          <p className="text-sm text-stone-700 dark:text-stone-300">{M.verifyWhy}</p>
          <ResendVerification />
        </>
      )}
    </div>
  );
}

function ProfileEditForm({
  user,
  onDone,
  onError,
}: {
  user: User;
  onDone: (notice?: { kind: 'success'; text: string }) => void;
  onError: (text: string) => void;
}) {
  const { setUser } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: formValuesOf(user),
  });
  // A new email needs the current password (the server checks it too).
  const isNewEmail = (email: string | undefined) => (email ?? '').trim().toLowerCase() !== user.email.toLowerCase();
  const emailChanges = isNewEmail(useWatch({ control, name: 'email' }));

  const onSubmit = handleSubmit(async ({ currentPassword, ...fields }) => {
    const newEmail = isNewEmail(fields.email);
    if (newEmail && !currentPassword) {
      setError('currentPassword', { message: M.currentPasswordRequired }, { shouldFocus: true });
      return;
    }
    try {
      const { user: updated, message } = await updateProfile(newEmail ? { ...fields, currentPassword } : fields);
      setUser(updated);
      onDone({ kind: 'success', text: message || M.profileUpdated });
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        (failure.code === 'WRONG_PASSWORD' || failure.code === 'CURRENT_PASSWORD_REQUIRED')
      ) {
        setError('currentPassword', { message: failure.message }, { shouldFocus: true });
        return;
      }
      // SPEC.md §8: a 401 is only logged; the API client ended the session, so the guard takes over.
      if (failure instanceof ApiError && failure.code === 'UNAUTHENTICATED') {
        console.info('Profile update refused: the session has ended.');
        return;
      }
      onError(
        messageFor(failure, {
          fallback: M.profileUpdateFailed,
          network: M.profileUpdateError,
          unexpected: M.profileUpdateError,
        }),
      );
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      </div>
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      {emailChanges && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your email"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <div className="flex gap-3">
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
          Save
        </SubmitButton>
        <Button variant="ghost" onClick={() => onDone()} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

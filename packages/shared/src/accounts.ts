import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ROLES } from './constants';
import { phoneNumberSchema } from './nigeria';
import { EMAIL_PATTERN, personName, text, withoutLinks } from './text';

// Accounts: the SPEC.md §5 rules, used by the forms and by the server's routes.

// The messages live apart from the zod schemas, so a page that only shows one does not download zod.
export { ACCOUNT_MESSAGES } from './account-messages';

const M = ACCOUNT_MESSAGES;

/** Session and reset limits (API.md "Users and sessions"). */
export const ACCOUNT_LIMITS = {
  loginFailuresPerEmail: 5,
  loginWindowMinutes: 15,
  resetRequestsPerEmail: 3,
  resetWindowMinutes: 15,
  otpDigits: 6,
  otpValidMinutes: 10,
  otpMaxAttempts: 5,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  /** An email verification link works this long, and once (SECURITY.md "Verified email"). */
  verificationValidHours: 48,
  /** Verification emails one account may ask for in a window. */
  verificationRequestsPerUser: 3,
  verificationWindowMinutes: 60,
} as const;

// Every pattern runs only on text already bounded by `text()` and runs in linear time
// (EMAIL_PATTERN is in text.ts; the password's lookaheads each scan at most 128 characters once).
const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;
const OTP_PATTERN = /^\d{6}$/;

export const emailSchema = text(254, { message: M.emailRequired, tooLong: M.emailInvalid })
  .min(1, M.emailRequired)
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .transform((email) => email.toLowerCase());

/** The login form only checks presence and length: an old password may predate the rule. */
export const loginPasswordSchema = text(ACCOUNT_LIMITS.passwordMaxLength, {
  message: M.passwordRequired,
  tooLong: M.passwordTooLong,
  trim: false,
})
  .min(1, M.passwordRequired)
  .min(ACCOUNT_LIMITS.passwordMinLength, M.passwordTooShort);

/** The rule wherever a password is set: register, reset, and the first admin's. */
export const newPasswordSchema = text(ACCOUNT_LIMITS.passwordMaxLength, {
  message: M.passwordRequired,
  tooLong: M.passwordTooLong,
  trim: false,
})
  .min(1, M.passwordRequired)
  .min(ACCOUNT_LIMITS.passwordMinLength, M.passwordTooShort)
  .regex(PASSWORD_PATTERN, M.passwordRule);

/** A person's name: one line, no links or markup (it goes into emails and the admin's lists). */
const nameSchema = (required: string, tooShort: string) =>
  personName(100, { message: required, tooLong: M.nameTooLong, invalid: M.nameInvalid })
    .min(1, required)
    .min(2, tooShort);

export const firstNameSchema = nameSchema(M.firstNameRequired, M.firstNameTooShort);
export const lastNameSchema = nameSchema(M.lastNameRequired, M.lastNameTooShort);

export const addressSchema = withoutLinks(
  text(500, { tooLong: M.addressTooLong, multiline: true }),
  M.addressHasLink,
).transform((value) => (value === '' ? null : value));

export const otpSchema = text(20, { message: M.otpInvalidFormat, tooLong: M.otpInvalidFormat }).regex(
  OTP_PATTERN,
  M.otpInvalidFormat,
);

const confirmSchema = text(ACCOUNT_LIMITS.passwordMaxLength, {
  message: M.confirmRequired,
  tooLong: M.passwordTooLong,
  trim: false,
}).min(1, M.confirmRequired);

// ---------- Requests (API and forms) ----------

export const loginRequestSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phoneNumber: phoneNumberSchema.nullish(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The Create Account form: the request plus the confirmation. */
export const registerFormSchema = registerRequestSchema
  .extend({ phoneNumber: phoneNumberSchema, confirmPassword: confirmSchema })
  .refine((form) => form.password === form.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The Reset Password form: the email comes from navigation state, not from a field. */
export const resetPasswordFormSchema = z
  .object({ otp: otpSchema, newPassword: newPasswordSchema, confirmPassword: confirmSchema })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: M.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
/** POST /api/users/verify-email: the token of the emailed link. */
export const verifyEmailRequestSchema = z.object({
  token: text(100, { message: M.verificationLinkMissing, tooLong: M.verificationLinkInvalid }).min(
    1,
    M.verificationLinkMissing,
  ),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const profileUpdateRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  email: emailSchema.optional(),
  phoneNumber: phoneNumberSchema.nullish(),
  address: addressSchema.nullish(),
  /** Needed when `email` changes: whoever holds a session must also know the password. */
  currentPassword: z.string().max(ACCOUNT_LIMITS.passwordMaxLength, M.passwordTooLong).optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** The Profile form edits every field at once; it asks for the current password when the email changes. */
export const profileFormSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
  address: addressSchema,
  currentPassword: z.string().max(ACCOUNT_LIMITS.passwordMaxLength, M.passwordTooLong).optional(),
});
export type ProfileForm = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const adminUserUpdateRequestSchema = z
  .object({ role: z.enum(ROLES).optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, { message: 'Nothing to change' });
export type AdminUserUpdateRequest = z.input<typeof adminUserUpdateRequestSchema>;

export const userListQuerySchema = z.object({
  search: text(100).optional(),
  /** Manage Users filters: a role (USER is read as CUSTOMER) and active or disabled accounts. */
  role: z.enum(ROLES).optional(),
  active: z.enum(['true', 'false'], { message: 'active must be true or false' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

// ---------- Shapes (API.md) ----------

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(ROLES),
  active: z.boolean(),
  createdAt: z.string(),
  /** The emailed link proved the address (SECURITY.md "Verified email"); a new address is unverified. */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  user: userSchema,
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export const messageUserResponseSchema = z.object({ message: z.string(), user: userSchema });
export const messageResponseSchema = z.object({ message: z.string() });
export const userPageSchema = z.object({
  users: z.array(userSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

/** USER from older data is a customer. */
export const normalizeRole = (role: string): User['role'] => (role === 'ADMIN' ? 'ADMIN' : 'CUSTOMER');

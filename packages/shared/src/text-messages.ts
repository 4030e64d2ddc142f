// Messages of the shared text rule (text.ts), kept apart from zod so a page that only shows one
// does not download it.

export const TEXT_MESSAGES = {
  required: 'This field is required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  forbiddenCharacters: 'Please remove line breaks and invisible control characters',
  nameInvalid: 'Please enter a name without links or special symbols',
} as const;

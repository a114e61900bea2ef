import { z } from 'zod';

/** A typed second-factor code: six TOTP digits or a recovery code (`XXXXX-XXXXX`); the server tells which. */
export const twoFactorCode = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(32);

/** Body of POST /sys/account/two-factor/confirm and /step-up. */
export const twoFactorCodeBody = z.object({ code: twoFactorCode });

/** Body of POST /sys/account/two-factor/disable: the password and a current code, so a left-open session alone cannot. */
export const twoFactorDisableBody = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(256),
  code: twoFactorCode,
});

/** Body of POST /sys/org/two-factor: whether the selected org's members must enrol. */
export const orgTwoFactorBody = z.object({ required: z.boolean({ error: 'validation.required' }) });

/** What sign-in and /sys/auth/me tell the console of the caller's second factor. */
export const twoFactorStatus = z.object({
  enrolled: z.boolean(),
  /** The selected (first, at sign-in) org requires enrolment. */
  required: z.boolean(),
});

/** `data` of GET /sys/account/two-factor. */
export const twoFactorState = twoFactorStatus.extend({
  recoveryCodesLeft: z.number(),
  /** Until when this session's step-up counts (ISO), or null. */
  stepUpUntil: z.string().nullable(),
});
export type TwoFactorState = z.output<typeof twoFactorState>;

/** `data` of POST /sys/account/two-factor/start: the new secret, shown as a QR code and as text. */
export const twoFactorEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorEnrolment = z.output<typeof twoFactorEnrolment>;

/** `data` of POST /sys/account/two-factor/confirm: the recovery codes, shown this once. */
export const twoFactorRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.output<typeof twoFactorRecoveryCodes>;

/** `data` of POST /sys/account/two-factor/step-up. */
export const stepUpResult = z.object({ stepUpUntil: z.string() });
export type StepUpResult = z.output<typeof stepUpResult>;

/** `data` of GET and POST /sys/org/two-factor. */
export const orgTwoFactor = z.object({ required: z.boolean() });
export type OrgTwoFactor = z.output<typeof orgTwoFactor>;

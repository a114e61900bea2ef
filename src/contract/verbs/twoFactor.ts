import { ApiPath } from '../apiPaths';
import { defineVerbs } from '../verb';
import { noData } from '../schemas/response';
import {
  orgTwoFactor,
  orgTwoFactorBody,
  stepUpResult,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorEnrolment,
  twoFactorRecoveryCodes,
  twoFactorState,
} from '../schemas/twoFactor';

const paths = ApiPath.account.twoFactor;

/** The caller's second factor on /account, step-up, and the org's mandatory-enrolment setting (docs/DECISIONS.md "Two-factor authentication and step-up"). */
export const twoFactorVerbs = defineVerbs({
  state: {
    method: 'GET',
    path: paths.state,
    summary: "The caller's second factor: enrolled, recovery codes left, step-up until when",
    access: 'member',
    response: twoFactorState,
    beforeEnrolment: true,
  },
  start: {
    method: 'POST',
    path: paths.start,
    summary: 'Start enrolment: a new TOTP secret, pending until a code confirms it',
    access: 'member',
    response: twoFactorEnrolment,
    beforeEnrolment: true,
  },
  confirm: {
    method: 'POST',
    path: paths.confirm,
    summary: 'Confirm enrolment with a code: the recovery codes, shown this once',
    access: 'member',
    body: twoFactorCodeBody,
    response: twoFactorRecoveryCodes,
    beforeEnrolment: true,
  },
  disable: {
    method: 'POST',
    path: paths.disable,
    summary: "Remove the caller's second factor (password and a current code)",
    access: 'member',
    body: twoFactorDisableBody,
    response: noData,
  },
  stepUp: {
    method: 'POST',
    path: paths.stepUp,
    summary: 'Step up: a current code makes this session fit for sensitive writes for a few minutes',
    access: 'member',
    body: twoFactorCodeBody,
    response: stepUpResult,
  },
  orgState: {
    method: 'GET',
    path: ApiPath.org.twoFactor,
    summary: 'Whether the selected org requires its members to enrol a second factor',
    access: 'orgTwoFactor.manage',
    response: orgTwoFactor,
  },
  setOrgState: {
    method: 'POST',
    path: ApiPath.org.twoFactor,
    summary: 'Set whether the selected org requires its members to enrol a second factor',
    access: 'orgTwoFactor.manage',
    body: orgTwoFactorBody,
    response: orgTwoFactor,
    stepUp: true,
  },
});

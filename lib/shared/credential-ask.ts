// Browser-safe (lib/shared): the workflow builder, the inputs and the process read the same defaults.
import { CREDENTIAL_KINDS, type CredentialClaim, type CredentialKind } from "@/lib/shared/digital-credentials";
import { DEFAULT_CREDENTIAL_CLAIMS, type SettingValues } from "@/lib/shared/workflow-settings";

/** What a DIGITAL_CREDENTIAL step asks for: the workflow's kinds and claims, or the defaults (docs/checks.md). */
export function credentialAsk(settings: SettingValues): { kinds: CredentialKind[]; claims: CredentialClaim[] } {
  return {
    kinds: settings.CREDENTIAL_KINDS?.length ? [...settings.CREDENTIAL_KINDS] : [...CREDENTIAL_KINDS],
    claims: settings.CREDENTIAL_CLAIMS?.length ? [...settings.CREDENTIAL_CLAIMS] : [...DEFAULT_CREDENTIAL_CLAIMS],
  };
}

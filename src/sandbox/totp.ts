/**
 * TOTP as authenticator apps do it (RFC 6238: SHA1, 6 digits, 30 s), accepting one step either way
 * for clock drift. The server's clock is the sandbox's `now()`, so tests can pin time.
 */
import { Secret, TOTP } from "otpauth";

const BASE32 = /^[A-Z2-7]+=*$/;

/** Base32 secrets of at least 80 bits (16 characters), the RFC 4226 minimum. */
export function isValidSecret(secret: string): boolean {
  const clean = secret.replace(/\s+/g, "").toUpperCase();
  return clean.replace(/=+$/, "").length >= 16 && BASE32.test(clean);
}

function totpFor(secret: string, label = "sandbox"): TOTP {
  return new TOTP({
    issuer: "Exchanger Sandbox",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret.replace(/\s+/g, "").toUpperCase()),
  });
}

export function verifyCode(secret: string, code: string | undefined, nowMs: number): boolean {
  if (code === undefined || !/^\d{6}$/.test(code.trim())) return false;
  return totpFor(secret).validate({ token: code.trim(), timestamp: nowMs, window: 1 }) !== null;
}

/** otpauth:// URI for authenticator apps (printed by `npm run sandbox`). */
export function otpauthUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

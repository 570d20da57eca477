/**
 * What `npm run doctor` reads from the environment (and `.env`): the exchanger to check and,
 * optionally, DOCTOR_API_KEY — read by the doctor only, never by the bot — and the bot's PRIVATE_API_KEY.
 */
import { existsSync } from "node:fs";
import * as v from "valibot";
import {
  DEFAULT_EXCHANGER_WEBHOOK_PATH,
  httpUrl,
  integerFrom,
  optionalText,
  validateEnv,
} from "../config.js";
import { LANGUAGES } from "../languages.js";
import type { DoctorOptions } from "./run.js";

const DoctorEnvSchema = v.object({
  EXCHANGER_BASE_URL: httpUrl,
  EXCHANGER_TIMEOUT_MS: integerFrom(15_000, 100, 600_000),
  DEFAULT_LANGUAGE: v.optional(v.picklist(LANGUAGES, "must be en, ru or uk"), "en"),
  DOCTOR_API_KEY: optionalText,
  // The bot's own variable: the doctor checks the key the bot will use.
  PRIVATE_API_KEY: optionalText,
  // The bot's own variables too: the webhook's URL and state (doctor/webhooks.ts).
  EXCHANGER_WEBHOOK_SECRET: optionalText,
  EXCHANGER_WEBHOOK_PATH: v.optional(v.string(), DEFAULT_EXCHANGER_WEBHOOK_PATH),
  EXCHANGER_WEBHOOK_PORT: integerFrom(8081, 1, 65535),
  BOT_MODE: v.optional(v.string(), "polling"),
  WEBHOOK_URL: v.optional(httpUrl),
  PORT: integerFrom(8080, 1, 65535),
});

/** Pure: the doctor's options from an env-like object. Throws ConfigError naming every problem. */
export function parseDoctorConfig(env: Record<string, string | undefined>): DoctorOptions {
  const e = validateEnv(DoctorEnvSchema, env);
  return {
    baseUrl: e.EXCHANGER_BASE_URL.replace(/\/+$/, ""),
    apiKey: e.DOCTOR_API_KEY,
    privateApiKey: e.PRIVATE_API_KEY,
    language: e.DEFAULT_LANGUAGE,
    timeoutMs: e.EXCHANGER_TIMEOUT_MS,
    webhook: {
      secret: e.EXCHANGER_WEBHOOK_SECRET,
      path: e.EXCHANGER_WEBHOOK_PATH.trim(),
      localPort: e.BOT_MODE === "webhook" ? e.PORT : e.EXCHANGER_WEBHOOK_PORT,
      publicBase: e.BOT_MODE === "webhook" ? e.WEBHOOK_URL : undefined,
      timeoutMs: Math.min(e.EXCHANGER_TIMEOUT_MS, 5_000),
    },
  };
}

/** Reads `.env` (when present, without overriding the real environment) and validates. */
export function loadDoctorConfig(envFile = ".env"): DoctorOptions {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseDoctorConfig(process.env);
}

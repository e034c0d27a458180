/**
 * The field types both doors validate with (the portal's JSON and the connector's tool arguments), so each
 * rule is written once: a calendar date, a time of day, a project code, a person's language. The portal
 * names them in its OpenAPI document; the connector describes them in its tool schemas.
 */
import { z } from "zod";
import { isPlausibleDate, isValidDate } from "./calendar.ts";
import { LANGS } from "../i18n/mod.ts";

/**
 * A calendar-valid date `YYYY-MM-DD` (see `isValidDate`) from 1900-01-01 to 2100-12-31 (`isPlausibleDate`):
 * no door takes a date outside, whatever the field.
 */
export const isoDate = z.string({ error: "must be a date YYYY-MM-DD" })
  .refine(isValidDate, { message: "must be a calendar-valid date YYYY-MM-DD" })
  .refine((s) => !isValidDate(s) || isPlausibleDate(s), {
    message: "must be a date from 1900-01-01 to 2100-12-31",
  })
  .meta({ format: "date", example: "2026-11-18" });

/** A time of day `HH:MM` (00:00–23:59). */
export const hhmm = z.string({ error: "must be a time HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "must be a time HH:MM between 00:00 and 23:59" })
  .meta({ example: "08:00" });

/**
 * A project code as time-keeping systems write them: 1 to 32 letters, digits, `.`, `_` and `-` (e.g.
 * `PLAT-OPS`, `P-1042`), without spaces, so it can be matched and exported as it is.
 */
export const projectCode = z.string().trim().regex(/^[A-Za-z0-9._-]{1,32}$/, {
  message: "must be a project code of 1 to 32 letters, digits, '.', '_' or '-'",
}).meta({ example: "PLAT-OPS" });

/** A person's language: German, English, French or Italian. */
export const language = z.enum(LANGS);

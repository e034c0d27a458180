/** The catalogue's refusals of the time area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./mod.ts";

export const TIME_MESSAGES = {} as const satisfies Catalogue;

/** The catalogue's refusals of the self area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./mod.ts";

export const SELF_MESSAGES = {} as const satisfies Catalogue;

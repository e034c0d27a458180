/** The catalogue's refusals of the leave area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./mod.ts";

export const LEAVE_MESSAGES = {} as const satisfies Catalogue;

/** The catalogue's refusals of the hr area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./mod.ts";

export const HR_MESSAGES = {} as const satisfies Catalogue;

/** The shape of the catalogue's parts (mod.ts), apart so the area files need not import the catalogue. */
import type { Lang } from "../mod.ts";

/** One text in the four languages. */
export type Texts = Readonly<Record<Lang, string>>;
/** An area's part of the catalogue. */
export type Catalogue = Readonly<Record<string, Texts>>;

/**
 * Markdown that others wrote, shown on a page: an advertisement on the careers page. Only a safe subset is
 * rendered (headings, paragraphs, bold and italic, lists, links to http(s) and mailto addresses, line
 * breaks); everything else shows as the text it is, escaped. markdown-it with `html: false` escapes raw HTML
 * itself; on top of that, every rule beyond the subset is switched off (images, tables, code, block quotes,
 * rules, strikethrough) and a link's address must start with `http:`, `https:` or `mailto:` (markdown-it's
 * own check refuses only `javascript:`, `vbscript:`, `file:` and most `data:`, and allows relative links).
 */
// @ts-types="@types/markdown-it"
import type MarkdownIt from "markdown-it";

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

let kept: MarkdownIt | undefined;

/**
 * The renderer, made at the first advertisement shown: markdown-it is about 11 MB of an idle service that
 * shows none.
 */
async function renderer(): Promise<MarkdownIt> {
  if (kept) return kept;
  // @ts-types="@types/markdown-it"
  const { default: Md } = await import("markdown-it");
  kept = configured(
    new Md("default", {
      html: false,
      linkify: false,
      typographer: false,
      breaks: false,
    }),
  );
  return kept;
}

/** The safe subset: every rule beyond it off, links only to http(s) and mailto, with `rel` set. */
function configured(md: MarkdownIt): MarkdownIt {
  md.disable([
    "table",
    "code",
    "fence",
    "blockquote",
    "hr",
    "html_block",
    "image",
    "html_inline",
    "strikethrough",
    "backticks",
  ]);
  // markdown-it has decoded entities and percent-escapes by now: a `java&#115;cript:` address reads as what
  // it is, and leading spaces or control characters are not skipped over by the browser in a way this misses.
  md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

  const defaultLinkOpen = md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    // Someone else's page: it learns nothing of where the visitor came from and gets no hold on this one.
    tokens[idx].attrSet("rel", "nofollow noopener noreferrer");
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

/** The HTML of a Markdown text, limited to the safe subset above. */
export async function renderSafeMarkdown(text: string): Promise<string> {
  return (await renderer()).render(text);
}

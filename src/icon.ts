/**
 * The service's icon: shown by assistants next to the connector (MCP `icons` of the server's identity,
 * 2025-11-25) and as the pages' favicon (`web/icon.ts` serves it). An SVG in the code, so the executable needs
 * no file and no outside address is named. Below the doors, since the connector and the pages both name it.
 */
export const ICON_PATH = "/icon.svg";

export const ICON_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="HR Service">` +
  `<rect width="64" height="64" rx="14" fill="#c8102e"/>` +
  `<path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff"/>` +
  `<circle cx="47" cy="47" r="9" fill="#fff"/><path d="M43 47l3 3 5-6" stroke="#c8102e" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
  `</svg>`;

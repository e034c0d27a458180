/** Path of the assistant connector's endpoint and of its published catalog. */
export const MCP_PATH = "/api/mcp";
export const CATALOG_PATH = "/api/mcp/catalog.json";

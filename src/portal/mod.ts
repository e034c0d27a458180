import type { RouteDef } from "./route.ts";
import { authRoutes } from "./auth.ts";
import { assistantRoutes } from "../oauth/portal_routes.ts";

/** Every portal operation, in the order the OpenAPI document lists them. */
export const portalRoutes: RouteDef[] = [
  ...authRoutes,
  ...assistantRoutes,
];

import type { RouteDef } from "./route.ts";
import { authRoutes } from "./auth.ts";

/** Every portal operation, in the order the OpenAPI document lists them. */
export const portalRoutes: RouteDef[] = [
  ...authRoutes,
];

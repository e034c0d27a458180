/** Push notifications: a phone registers and unregisters its token. */
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { PUSH_PLATFORMS, registerPushDevice, unregisterPushDevice } from "../services/push_devices.ts";
import { LANGS } from "../i18n/mod.ts";
import { route, type RouteDef } from "./route.ts";
import { idParam } from "./schemas.ts";

const PushDevice = z.strictObject({
  id: z.string(),
  platform: z.enum(PUSH_PLATFORMS),
  language: z.enum(LANGS),
});

export const pushRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/employee/push-devices",
    operationId: "registerPushDevice",
    tag: "profile",
    access: "employee",
    status: 201,
    summary: "Register this phone for push notifications",
    description:
      "The token Apple (`APNS`) or Google (`FCM`) gave the app, and the language of the texts (default: the " +
      "account's). Every notification the service writes for the person (a decision on their leave, a week " +
      "sent back) is then also pushed to the phone; a push says what happened, never the record's free text. " +
      "A token registered again moves to the latest registration; a token the platform reports as gone is " +
      "removed.",
    body: z.strictObject({
      platform: z.enum(PUSH_PLATFORMS, { error: "must be APNS or FCM" }),
      token: z.string({ error: "must be a string" }).min(16).max(4096),
      language: z.enum(LANGS, { error: "must be de, fr, it or en" }).optional(),
    }),
    response: PushDevice,
    errors: { 400: "A platform other than APNS or FCM, a token that is none, or an unknown language." },
    handler: ({ deps, user, body }) => registerPushDevice(deps, portalActor(user), body),
  }),
  route({
    method: "delete",
    path: "/employee/push-devices/:id",
    operationId: "unregisterPushDevice",
    tag: "profile",
    access: "employee",
    summary: "Stop push notifications to this phone (on signing out of the app)",
    description:
      "Removes a phone the caller registered with `POST /employee/push-devices`; no further push goes to " +
      "its token. Call it when the person signs out of the app. Another person's device answers 404.",
    params: idParam,
    response: z.strictObject({ id: z.string(), removed: z.literal(true) }),
    errors: { 404: "The caller has no registered device with this id." },
    handler: ({ deps, user, params }) => unregisterPushDevice(deps, portalActor(user), params.id),
  }),
];

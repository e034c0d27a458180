/**
 * Push notifications: a phone registers and unregisters its token, a browser its Web Push subscription (with
 * the installation's VAPID public key it subscribes with).
 */
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { languageChoice } from "../domain/fields.ts";
import { NOTIFICATION_KINDS } from "../domain/notifications.ts";
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  listPushDevices,
  PUSH_PLATFORMS,
  registerPushDevice,
  unregisterPushDevice,
} from "../services/push_devices.ts";
import { LANGS } from "../i18n/mod.ts";
import { vapidKeys } from "../push/vapid.ts";
import { route, type RouteDef } from "./route.ts";
import { idParam, wholeListFields } from "./schemas.ts";

const PushDevice = z.strictObject({
  id: z.string(),
  platform: z.enum(PUSH_PLATFORMS),
  language: z.enum(LANGS),
});

const ListedPushDevice = PushDevice.extend({
  sessionId: z.string().meta({ description: "The sign-in session (device) the phone registered in." }),
  deviceName: z.string().nullable().meta({ description: "That session's device name." }),
  current: z.boolean().meta({ description: "Whether it is the session of this request." }),
  registeredAt: z.string().meta({ format: "date-time" }),
});

/** What a push carries, for the OpenAPI description (the senders in src/push/senders.ts write it). */
const PUSH_PAYLOAD_DOC =
  "\n\n**What a push carries.** The title and the text are in the device's language and say what " +
  'happened, including the outcome of a decision ("Your leave request is approved."), never a record\'s free ' +
  "text. The data (APNs: beside `aps`; FCM: `data`, strings only; Web Push: `data` of the JSON) holds: `kind` (the notification kind, as in " +
  `\`GET /employee/notifications\`: ${NOTIFICATION_KINDS.join(", ")}), ` +
  "`notificationId`, `badge` (the person's unread notifications, this one included; also APNs `aps.badge` " +
  "and FCM `android.notification.notification_count` and `apns.payload.aps.badge`), `collapseId` (also APNs " +
  "`apns-collapse-id` and FCM `android.collapse_key` and `apns.headers.apns-collapse-id`: `leaveRequest:<id>`, `sickLeave:<id>`, `changeRequest:<id>` or " +
  "`week:<employeeId>:<weekStart>`, so the filing and the decision of one record show as one), and the " +
  "notification's ids and flags (`leaveRequestId`, `status`, `cancellation`, `weekStart`, …).";

export const pushRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/push/web-key",
    operationId: "getWebPushKey",
    tag: "profile",
    access: "employee",
    summary: "The key a browser subscribes to Web Push with",
    description: "The installation's VAPID public key (RFC 8292): the raw uncompressed P-256 point in " +
      "base64url, what a browser's `pushManager.subscribe({userVisibleOnly: true, applicationServerKey})` " +
      "takes. The subscription it gives is then registered with `POST /employee/push-devices` as `WEBPUSH`. " +
      "The key stays the same across restarts; were it ever changed, subscriptions made with the old one " +
      "receive nothing, and the app subscribes again when it sees a different key.",
    response: z.strictObject({
      publicKey: z.string().meta({
        description: "The VAPID public key, 65 bytes in base64url (87 characters).",
      }),
    }),
    errors: {},
    handler: async ({ deps }) => ({ publicKey: (await vapidKeys(deps)).publicKey }),
  }),
  route({
    method: "post",
    path: "/employee/push-devices",
    operationId: "registerPushDevice",
    tag: "profile",
    access: "employee",
    status: 201,
    summary: "Register this phone for push notifications",
    description:
      "The token Apple (`APNS`) or Google (`FCM`) gave the app, or a browser's Web Push subscription " +
      "(`WEBPUSH`), and the language of the texts (default: the account's). For `WEBPUSH` the `token` is the " +
      "subscription's JSON (`PushSubscription.toJSON()`: `{endpoint, keys: {p256dh, auth}}`, other fields " +
      "ignored) in base64url, made with the key of `GET /push/web-key`; its `endpoint` must be `https` at a " +
      "push service the installation accepts (by default Google's, Mozilla's, Apple's and Microsoft's: " +
      "fcm.googleapis.com, updates.push.services.mozilla.com, *.push.apple.com, *.notify.windows.com), " +
      "`p256dh` a P-256 public key and `auth` 16 bytes; anything else is refused naming `token`. A browser " +
      "receives the same title and text, with the data, as JSON `{title, body, data}` encrypted for it " +
      "(RFC 8291, aes128gcm). Every notification the service writes for the person (a decision on their leave, a week " +
      "sent back) is then also pushed to the phone; a push says what happened, never the record's free text. " +
      "A token registered again moves to the latest registration; a token the platform reports as gone is " +
      "removed. The registration belongs to this sign-in session: once it ends (signed out, revoked from " +
      "another device, expired, the account deactivated or its password reset), the phone gets no more " +
      "pushes and is no longer listed." + PUSH_PAYLOAD_DOC,
    body: z.strictObject({
      platform: z.enum(PUSH_PLATFORMS, {
        error: rule("rule.either", { first: "APNS, FCM", last: "WEBPUSH" }),
      }),
      token: z.string({ error: typeRule("rule.string") }).min(16).max(4096),
      language: languageChoice.optional(),
    }),
    response: PushDevice,
    errors: {
      400: "A platform other than APNS, FCM or WEBPUSH, a token that is none (for WEBPUSH: not a " +
        "subscription, an endpoint that is not https or not at an accepted push service, keys that are none), " +
        "or an unknown language.",
    },
    handler: ({ deps, user, body }) => registerPushDevice(deps, portalActor(user), user.sessionId, body),
  }),
  route({
    method: "get",
    path: "/employee/push-devices",
    operationId: "listPushDevices",
    tag: "profile",
    access: "employee",
    summary: "The phones that receive the caller's push notifications",
    description: "Every phone registered in a live sign-in session of the caller, newest first, with the " +
      "session it belongs to. Signing a session out (`DELETE /auth/sessions/{id}`) stops its phone's pushes.",
    response: z.strictObject(wholeListFields(ListedPushDevice)),
    errors: {},
    handler: async ({ deps, user }) => ({
      ...await listPushDevices(deps, portalActor(user), user.sessionId),
      nextCursor: null,
    }),
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

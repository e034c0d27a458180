/**
 * What the app's `call(method, path, opts)` (api.js) accepts and answers, read from the generated
 * api_types.d.ts: a path of the portal for that method (a `{param}` of the document stands for any text, a
 * query may follow), the JSON body that operation takes, and the `data` of its success answer. So
 * `deno check` refuses a call to a path or with a body the service does not have, and types what comes back.
 */
import type { components, paths } from "./api_types.d.ts";

type Prefix = "/api/v1/portal";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The document's path template below the prefix, each `{param}` as any text. */
type Fill<S extends string> = S extends `${infer A}{${string}}${infer B}` ? `${A}${string}${Fill<B>}` : S;

/** The operation of `paths[K]` for a method, if the path has one. */
type Op<K extends keyof paths, M extends Method> = paths[K][Lowercase<M> & keyof paths[K]];

/** The document paths (with prefix) that have an operation for the method. */
type Keys<M extends Method> = {
  [K in keyof paths]: Op<K, M> extends { responses: unknown } ? K : never;
}[keyof paths];

type Below<K> = K extends `${Prefix}${infer R}` ? R : never;

/** A path the app may call with this method (a query string after it allowed). */
export type PathOf<M extends Method> = {
  [K in Keys<M>]: Fill<Below<K>> | `${Fill<Below<K>>}?${string}`;
}[Keys<M>];

/** The document paths a concrete path calls: the literal one when there is one, else each template it fits. */
type Match<M extends Method, P extends string> = P extends `${infer Bare}?${string}` ? Match<M, Bare>
  : `${Prefix}${P}` extends Keys<M> ? `${Prefix}${P}`
  : { [K in Keys<M>]: P extends Fill<Below<K>> ? K : never }[Keys<M>];

type Json<C> = C extends { content: { "application/json": infer J } } ? J : never;

/** The JSON body of the operation (never when it takes none). */
export type BodyOf<M extends Method, P extends string> = {
  [K in Match<M, P>]: Op<K, M> extends { requestBody?: infer B } ? Json<NonNullable<B>> : never;
}[Match<M, P>];

/** The `data` of the operation's success answer (200, 201 or 202). */
export type DataOf<M extends Method, P extends string> = {
  [K in Match<M, P>]: Op<K, M> extends { responses: infer R } ? (R extends { 200: infer S } ? Json<S>
      : R extends { 201: infer S } ? Json<S>
      : R extends { 202: infer S } ? Json<S>
      : never) extends infer E ? E extends { data: infer D } ? D : undefined : never
    : never;
}[Match<M, P>];

/** A named schema of the document (a DTO the answers hold), e.g. `Schema<"LeaveRequest">`. */
export type Schema<N extends keyof components["schemas"]> = components["schemas"][N];

/**
 * A long-lived SDK `Transport` that carries the JSON-RPC messages of many concurrent, stateless HTTP
 * requests into ONE low-level SDK `Server`.
 *
 * Request ids are the client's and collide across clients (every client starts at 0), so each incoming
 * request gets a process-unique id on the way in; the response the Server sends back is matched by that
 * id, given its original id again and handed to the HTTP request that is waiting for it. Per-request
 * context (who is calling, through which connection) travels in `authInfo`, which the SDK passes to every
 * handler as `extra.authInfo`. Nothing about one request is visible to another.
 */
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  JSONRPCMessage,
  JSONRPCRequest,
  MessageExtraInfo,
  RequestId,
} from "@modelcontextprotocol/sdk/types.js";

interface Waiting {
  originalId: RequestId;
  resolve: (m: JSONRPCMessage) => void;
}

/** The multiplexing transport; `connect` the Server to it once, when the connector is built. */
export class MultiplexTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  sessionId = undefined;

  #nextId = 1;
  #waiting = new Map<number, Waiting>();

  start(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.onclose?.();
    return Promise.resolve();
  }

  /** Receives what the Server sends: responses go to their waiting request; anything else is dropped. */
  send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if ("id" in message && ("result" in message || "error" in message) && typeof message.id === "number") {
      const w = this.#waiting.get(message.id);
      if (w) {
        this.#waiting.delete(message.id);
        w.resolve({ ...message, id: w.originalId } as JSONRPCMessage);
      }
    }
    // Stateless: no stream stays open for server-initiated requests or notifications, so they go nowhere.
    return Promise.resolve();
  }

  /** Hands a request to the Server and resolves with its response (under the client's original id). */
  request(message: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const id = this.#nextId++;
    if (this.#nextId > Number.MAX_SAFE_INTEGER - 1) this.#nextId = 1;
    return new Promise((resolve) => {
      this.#waiting.set(id, { originalId: message.id, resolve });
      this.onmessage?.({ ...message, id }, extra);
    });
  }

  /** Hands a notification (or a client's response) to the Server; nothing comes back. */
  notify(message: JSONRPCMessage, extra: MessageExtraInfo): void {
    this.onmessage?.(message, extra);
  }
}

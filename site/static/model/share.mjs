// Share links and saved tables: the session document in a URL fragment, and in local storage.
//
// A link is `…/play/#table=<payload>`: the document as JSON, compressed with the browser's
// own CompressionStream("deflate-raw") and written in base64url (RFC 4648 §5, no padding).
// Decoding only undoes that; the engine then checks the document (`check_document`), so a
// tampered link gives the engine's one clear error and changes nothing.
//
// No DOM: runs under Node (tests/models/), which has CompressionStream since Node 18.

export const FRAGMENT_KEY = "table";
export const MAX_FRAGMENT = 100_000; // characters: far above any real session, below a hostile one
export const MAX_DOCUMENT = 1_000_000; // bytes once inflated

export class ShareError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = "ShareError";
    this.reason = reason; // "format" (not a table link), "base64", "deflate", "size", "json"
  }
}

async function pipe(bytes, stream) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const chunks = [];
  let total = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_DOCUMENT) {
      reader.cancel().catch(() => {});
      throw new ShareError("size", `the link holds more than ${MAX_DOCUMENT} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new ShareError("base64", "the link is damaged: it holds characters a share link never has");
  }
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// The payload of a document: deflate-raw, then base64url.
export async function encodeDocument(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  return toBase64url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

// The document of a payload (not yet checked by the engine), or a ShareError.
export async function decodeDocument(payload) {
  if (payload.length > MAX_FRAGMENT) throw new ShareError("size", `the link is longer than ${MAX_FRAGMENT} characters`);
  const bytes = fromBase64url(payload);
  let inflated;
  try {
    inflated = await pipe(bytes, new DecompressionStream("deflate-raw"));
  } catch (error) {
    if (error instanceof ShareError) throw error;
    throw new ShareError("deflate", "the link is damaged: its data does not unpack");
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    throw new ShareError("json", "the link is damaged: its data is not text");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ShareError("json", "the link is damaged: its data is not a document");
  }
}

// The fragment of a share link ("#table=…"), and back: the payload, or null for another fragment.
export async function shareFragment(doc) {
  return `#${FRAGMENT_KEY}=${await encodeDocument(doc)}`;
}

export function payloadOf(hash) {
  const text = String(hash ?? "").replace(/^#/, "");
  const prefix = `${FRAGMENT_KEY}=`;
  return text.startsWith(prefix) ? text.slice(prefix.length) : null;
}

// ----- local storage ---------------------------------------------------------------------
// `storage` is window.localStorage or anything with getItem/setItem/removeItem (a Map-backed
// stand-in in the tests). A saved table is {document, reader, seen} under one key per game.

export function storageKey(game) {
  return `stops.play.${game}`;
}

export function saveTable(storage, game, saved) {
  try {
    storage.setItem(storageKey(game), JSON.stringify({ version: 1, ...saved }));
    return true;
  } catch {
    return false; // private mode or a full storage: the table still plays, it just is not kept
  }
}

export function loadTable(storage, game) {
  let text;
  try {
    text = storage.getItem(storageKey(game));
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const saved = JSON.parse(text);
    if (saved?.version !== 1 || typeof saved.document !== "object" || saved.document === null) return null;
    return saved;
  } catch {
    return null;
  }
}

export function forgetTable(storage, game) {
  try {
    storage.removeItem(storageKey(game));
  } catch {
    // nothing kept, nothing to forget
  }
}

/**
 * Bodies of answers built whole in memory, kept by their Response so the gateway's gzip step can
 * read them as they are. Reading a Response's body any other way (`arrayBuffer()`, even `.body`)
 * makes Node's adapter turn its light Response into a full one with a stream, and then drains
 * that stream: for a REST read that was about a tenth of the server's time on the request.
 * Weakly held: an answer that is dropped takes its entry with it.
 */
const bodies = new WeakMap<Response, string | null>();

/** A Response whose body, a string known in full, the gateway can read back with `wholeBodyOf`. */
export function wholeAnswer(body: string | null, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** The body `response` was built with by `wholeAnswer` (null: none); undefined for any other Response. */
export function wholeBodyOf(response: Response): string | null | undefined {
  return bodies.get(response);
}

/**
 * Reads a server-sent event stream with fetch, as the SPA does: the data of every event named
 * `name`, parsed by `parse`, and the comment lines, until the stream ends (`done`).
 */
export function readEventStream<T>(
  response: Response,
  name: string,
  parse: (data: unknown) => T,
): { events: T[]; comments: string[]; done: Promise<void> } {
  const events: T[] = [];
  const comments: string[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const prefix = `event: ${name}\ndata: `;
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read().catch(() => ({ value: '', done: true }));
      if (ended) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) comments.push(block);
        if (block.startsWith(prefix)) events.push(parse(JSON.parse(block.slice(prefix.length))));
      }
    }
  })();
  return { events, comments, done };
}

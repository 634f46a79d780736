import { Zip, ZipDeflate } from "fflate";

/** One file of a ZIP: its name and its bytes, read only when the archive reaches it. */
export interface ZipEntry {
  name: string;
  content: () => Promise<string | Uint8Array | ReadableStream<Uint8Array>>;
}

const encoder = new TextEncoder();

/** A file's bytes in pieces, whatever form its content takes. */
async function* piecesOf(content: string | Uint8Array | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (typeof content === "string") yield encoder.encode(content);
  else if (content instanceof Uint8Array) yield content;
  else {
    const reader = content.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
}

/**
 * A ZIP archive of `entries`, streamed: each file is read and compressed only when the reader
 * wants more, so a firm's thousands of records never sit in memory at once. A file that fails part
 * way errors the stream, so the download fails rather than looking complete.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const produced: Uint8Array[] = [];
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    produced.push(chunk);
    if (final) finished = true;
  });
  async function* archive(): AsyncGenerator<Uint8Array> {
    for await (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      for await (const piece of piecesOf(await entry.content())) {
        file.push(piece);
        yield* produced.splice(0);
      }
      file.push(new Uint8Array(0), true);
      yield* produced.splice(0);
    }
    zip.end();
    yield* produced.splice(0);
    if (!finished) throw new Error("the archive did not finish");
  }
  const chunks = archive();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        console.error("archive stopped part way", error);
        controller.error(error);
      }
    },
  });
}

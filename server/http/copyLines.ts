import { Transform, type TransformCallback } from 'node:stream';

/**
 * The bytes of `COPY (select <one text column>) TO STDOUT (FORMAT binary)` as the text of its
 * rows one after the other (docs/DECISIONS.md "Exports at the database's pace: COPY"): binary,
 * because its framing is a length before each value, where the text and CSV formats would
 * escape or quote the line breaks and quotes of lines that are already CSV. The format: a
 * 19-byte header (signature, flags, extension length) and the extension, then per row a field
 * count (1), the value's length and the value; a count of -1 ends the data.
 */
const SIGNATURE_AND_FLAGS = 15;

export class CopyLines extends Transform {
  private rest: Buffer | undefined;
  private headerRead = false;
  private ended = false;

  /** `first`: the bytes before the rows (BOM and header); `afterChunk`: called once a chunk's lines are handed on. */
  constructor(
    first: string,
    private readonly afterChunk: () => void = () => undefined,
  ) {
    super();
    this.push(first);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    let at = 0;
    if (!this.headerRead) {
      if (data.length < SIGNATURE_AND_FLAGS + 4) return this.keep(data, 0, done);
      at = SIGNATURE_AND_FLAGS + 4 + data.readInt32BE(SIGNATURE_AND_FLAGS);
      if (data.length < at) return this.keep(data, 0, done);
      this.headerRead = true;
    }
    const lines: Buffer[] = [];
    while (!this.ended && data.length - at >= 2) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        this.ended = true;
        at += 2;
        break;
      }
      if (fields !== 1) return done(new Error(`COPY sent a row of ${fields} fields`));
      if (data.length - at < 6) break;
      const length = data.readInt32BE(at + 2);
      if (length < 0) return done(new Error('COPY sent a NULL line'));
      if (data.length - at - 6 < length) break;
      lines.push(data.subarray(at + 6, at + 6 + length));
      at += 6 + length;
    }
    if (lines.length > 0) this.push(lines.length === 1 ? lines[0] : Buffer.concat(lines));
    this.afterChunk();
    this.keep(data, at, done);
  }

  /** Keeps what is left of a chunk (a row cut across two) for the next one. */
  private keep(data: Buffer, from: number, done: TransformCallback): void {
    this.rest = from < data.length ? Buffer.from(data.subarray(from)) : undefined;
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.rest || !this.ended ? new Error('COPY ended mid-row') : undefined);
  }
}

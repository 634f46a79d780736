/**
 * Reads a CSV file's bytes as a spreadsheet would (RFC 4180: quoted fields, doubled quotes, CRLF or LF line
 * ends), after checking and dropping the UTF-8 byte order mark the exports start with. Returns the
 * header and each row as an object keyed by it.
 */
export function readCsv(bytes: Uint8Array): { header: string[]; rows: Record<string, string>[] } {
  const [first, second, third] = bytes;
  if (first !== 0xef || second !== 0xbb || third !== 0xbf) {
    throw new Error("The export does not start with a UTF-8 byte order mark");
  }
  const body = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(3));
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && body[index + 1] === "\n") index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  const [header = [], ...rest] = records;
  return {
    header,
    rows: rest.map((cells) => Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ""]))),
  };
}

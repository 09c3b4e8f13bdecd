// Short names for what the wasm imports from its glue. wasm-bindgen names
// each import after the Rust function and a hash of its signature
// (`__wbg_setAttribute_f75317b2b5cabfb4`), and writes each name twice: in
// the wasm's import section and as a key of the glue's import object. The
// sixteen hex digits are random to a compressor, so the pipeline's Russian
// bundle sent 172 of them in each file, about 5 KB gzip of its 287
// (2026-12-05). Here each import gets a name of one or two letters, in
// both files, after wasm-bindgen and before terser.
//
// The same walk over the sections drops the custom ones
// (`withoutCustomSections`): the function names, the toolchain's names and
// versions and the linker's feature list, which a browser never reads.
//
// Only the import section's field names change: the module name, every
// import's kind and type, and every other section stay as they are, byte
// for byte. A glue that does not name an import exactly once, as its
// object's key, is refused, so that a wasm-bindgen whose glue is written
// otherwise fails the build rather than the page.

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The `i`-th short name: `a` … `Z`, then `aa`, `ab`, …. */
export function shortName(i) {
  let name = '';
  let n = i;
  for (;;) {
    name = LETTERS[n % LETTERS.length] + name;
    n = Math.floor(n / LETTERS.length) - 1;
    if (n < 0) return name;
  }
}

/** An unsigned LEB128 at `at`: its value and the offset after it. */
function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (let i = at; ; i++) {
    const b = bytes[i];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, i + 1];
  }
}

function u32(value) {
  const out = [];
  let v = value;
  do {
    const b = v & 0x7f;
    v = Math.floor(v / 128);
    out.push(v ? b | 0x80 : b);
  } while (v);
  return Buffer.from(out);
}

const name = (text) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([u32(bytes.length), bytes]);
};

/** Where an import's description ends: its kind byte at `at`. */
function descriptionEnd(bytes, at) {
  const kind = bytes[at];
  let i = at + 1;
  const limits = () => {
    const flags = bytes[i++];
    [, i] = readU32(bytes, i);
    if (flags & 1) [, i] = readU32(bytes, i);
  };
  if (kind === 0) [, i] = readU32(bytes, i); // function: its type's index
  else if (kind === 1) {
    i++; // table: its element type, then its limits
    limits();
  } else if (kind === 2) limits(); // memory
  else if (kind === 3) i += 2; // global: its value type and mutability
  else if (kind === 4) [, i] = readU32(bytes, i + 1); // tag: attribute, type
  else throw new Error(`short-imports: import kind ${kind} unknown`);
  return i;
}

/**
 * The wasm with its imports renamed, and the map from each old name to
 * its new one. Sections are copied as they are but for the import section.
 */
export function renameWasmImports(wasm) {
  const renamed = new Map();
  const parts = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = readU32(wasm, at + 1);
    const end = body + size;
    if (id !== 2) {
      parts.push(wasm.subarray(at, end));
      at = end;
      continue;
    }
    const [count, first] = readU32(wasm, body);
    const entries = [u32(count)];
    let i = first;
    for (let n = 0; n < count; n++) {
      const [moduleLength, moduleStart] = readU32(wasm, i);
      const moduleEnd = moduleStart + moduleLength;
      const [fieldLength, fieldStart] = readU32(wasm, moduleEnd);
      const field = wasm.subarray(fieldStart, fieldStart + fieldLength).toString('utf8');
      const describedTo = descriptionEnd(wasm, fieldStart + fieldLength);
      if (renamed.has(field)) throw new Error(`short-imports: ${field} is imported twice`);
      renamed.set(field, shortName(renamed.size));
      entries.push(wasm.subarray(i, moduleEnd), name(renamed.get(field)), wasm.subarray(fieldStart + fieldLength, describedTo));
      i = describedTo;
    }
    if (i !== end) throw new Error('short-imports: the import section is longer than its entries');
    const section = Buffer.concat(entries);
    parts.push(Buffer.from([2]), u32(section.length), section);
    at = end;
  }
  return { wasm: Buffer.concat(parts), renamed };
}

/**
 * The wasm without its custom sections (id 0): `name`, `producers` and
 * `target_features` in a bundle, none of which a browser reads. The name
 * section alone is 539 KB raw in the Russian pipeline bundle, as large as
 * its code (2026-12-05). Every other section is copied byte for byte.
 */
export function withoutCustomSections(wasm) {
  const parts = [wasm.subarray(0, 8)];
  let at = 8;
  while (at < wasm.length) {
    const [size, body] = readU32(wasm, at + 1);
    const end = body + size;
    if (end > wasm.length) throw new Error('short-imports: a section runs past the end of the module');
    if (wasm[at] !== 0) parts.push(wasm.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

const escape = (s) => s.replace(/[$]/g, '\\$&');

/**
 * The glue with each import object's key renamed. Each old name must be
 * in the glue exactly once, as `name: function` or `name(`, the way
 * wasm-bindgen writes the object's members.
 */
export function renameGlueImports(js, renamed) {
  let out = js;
  for (const [from, to] of renamed) {
    const key = new RegExp(`(?<![\\w$])${escape(from)}(?=\\s*(?::|\\())`, 'g');
    const anywhere = new RegExp(`(?<![\\w$])${escape(from)}(?![\\w$])`, 'g');
    const keys = out.match(key)?.length ?? 0;
    const all = out.match(anywhere)?.length ?? 0;
    if (keys !== 1 || all !== 1) {
      throw new Error(`short-imports: the glue names ${from} ${all} times, ${keys} as a key; expected once, as the import object's key`);
    }
    out = out.replace(key, to);
  }
  return out;
}

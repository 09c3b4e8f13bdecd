// The release build's short import names (build/short-imports.mjs), on a
// module written here byte by byte and on the bundles in the build: the
// renamed wasm still links and runs, and its glue names each import once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { shortName, renameWasmImports, renameGlueImports } from '../../build/short-imports.mjs';
import { distDir } from './harness.mjs';

const text = (s) => [s.length, ...Buffer.from(s, 'utf8')];
const section = (id, body) => [id, body.length, ...body];
const ONE = 'long_one_0123456789abcdef';
const TWO = 'long_two_fedcba9876543210';

/**
 * A module importing from "m" two functions i32 → i32 (long names), a
 * memory and an immutable i32 global, and exporting `run(x)`, which is
 * two(one(x)) plus the global.
 */
const MODULE = Buffer.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 1, 0x7f, 1, 0x7f]),
  ...section(2, [
    4,
    ...text('m'), ...text(ONE), 0, 0,
    ...text('m'), ...text(TWO), 0, 0,
    ...text('m'), ...text('memory'), 2, 0, 1,
    ...text('m'), ...text('offset'), 3, 0x7f, 0,
  ]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...text('run'), 0, 2]),
  // run: local.get 0, call 0, call 1, global.get 0, i32.add
  ...section(10, [1, 11, 0, 0x20, 0, 0x10, 0, 0x10, 1, 0x23, 0, 0x6a, 0x0b]),
]);

test('short names are distinct and short', () => {
  const names = Array.from({ length: 3000 }, (_, i) => shortName(i));
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(names.slice(0, 3), ['a', 'b', 'c']);
  assert.equal(shortName(51), 'Z');
  assert.equal(shortName(52), 'aa');
  assert.ok(names.every((n) => n.length <= 3 && /^[a-zA-Z]+$/.test(n)));
});

test('a renamed module keeps its imports in order, with their kinds, and runs', async () => {
  const before = await WebAssembly.compile(MODULE);
  const { wasm, renamed } = renameWasmImports(MODULE);
  assert.deepEqual([...renamed], [[ONE, 'a'], [TWO, 'b'], ['memory', 'c'], ['offset', 'd']]);
  const after = await WebAssembly.compile(wasm);
  assert.deepEqual(
    WebAssembly.Module.imports(after),
    WebAssembly.Module.imports(before).map((i) => ({ ...i, name: renamed.get(i.name) })),
  );
  assert.deepEqual(WebAssembly.Module.exports(after), WebAssembly.Module.exports(before));
  const { exports } = await WebAssembly.instantiate(after, {
    m: {
      a: (x) => x + 1,
      b: (x) => x * 10,
      c: new WebAssembly.Memory({ initial: 1 }),
      d: new WebAssembly.Global({ value: 'i32', mutable: false }, 7),
    },
  });
  assert.equal(exports.run(4), 57);
  // Nothing but the import section changed: the rest is the same bytes.
  assert.equal(MODULE.length - wasm.length, ONE.length - 1 + TWO.length - 1 + 'memory'.length - 1 + 'offset'.length - 1);
});

test("the glue's import object gets the same names, and a glue that names an import elsewhere is refused", () => {
  const renamed = new Map([[ONE, 'a'], [TWO, 'b']]);
  const glue = `const import0 = {\n  __proto__: null,\n  ${ONE}: function(x) { return x; },\n  ${TWO}(x) { return x; },\n};`;
  assert.equal(renameGlueImports(glue, renamed), 'const import0 = {\n  __proto__: null,\n  a: function(x) { return x; },\n  b(x) { return x; },\n};');
  // Named a second time (called by name, say): renaming the key alone
  // would break that call, so the build stops.
  assert.throws(() => renameGlueImports(`${glue}\nimport0.${ONE}(1);`, renamed), /names long_one_0123456789abcdef 2 times/);
  // Not named at all: a wasm-bindgen that writes its imports another way.
  assert.throws(() => renameGlueImports(glue.replace(TWO, 'other'), renamed), /names long_two_fedcba9876543210 0 times/);
  // A longer name that starts with one of them is not it.
  assert.throws(() => renameGlueImports(glue.replace(`${ONE}:`, `${ONE}_x:`), renamed), /0 times/);
});

test('every bundle of the build imports by short names', async () => {
  const files = (await readdir(distDir)).filter((f) => f.endsWith('_bg.wasm'));
  assert.ok(files.length >= 21, `${files.length} bundles`);
  for (const file of files) {
    const module = await WebAssembly.compile(await readFile(join(distDir, file)));
    const imports = WebAssembly.Module.imports(module);
    assert.ok(imports.length > 100, `${file}: ${imports.length} imports`);
    assert.deepEqual(imports.map((i) => i.name), imports.map((_, n) => shortName(n)), file);
    const glue = await readFile(join(distDir, file.replace(/_bg\.wasm$/, '.js')), 'utf8');
    assert.doesNotMatch(glue, /__wbg_\w+_[0-9a-f]{16}/, `${file}: no long import name left in the glue`);
  }
});

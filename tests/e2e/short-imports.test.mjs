// The release build's short import names and its custom sections dropped
// (build/short-imports.mjs), on a module written here byte by byte and on
// the bundles in the build: the renamed wasm still links and runs, its glue
// names each import once, and no bundle carries a custom section.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { shortName, renameWasmImports, renameGlueImports, withoutCustomSections } from '../../build/short-imports.mjs';
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

/** The ids of a module's sections, and the names of its custom ones. */
function sectionsOf(wasm) {
  const ids = [];
  const custom = [];
  let at = 8;
  while (at < wasm.length) {
    let size = 0;
    let shift = 0;
    let i = at + 1;
    for (;;) {
      const b = wasm[i++];
      size += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) break;
    }
    ids.push(wasm[at]);
    if (wasm[at] === 0) custom.push(wasm.subarray(i + 1, i + 1 + wasm[i]).toString('utf8'));
    at = i + size;
  }
  return { ids, custom };
}

test('the custom sections go, wherever they are, and the rest is the same module', async () => {
  const custom = (label, body) => section(0, [...text(label), ...body]);
  // Custom sections first, between known ones and last, as a linker and
  // wasm-bindgen leave them (name, producers, target_features).
  const withCustom = Buffer.from([
    ...MODULE.subarray(0, 8),
    ...custom('producers', [1, 2, 3]),
    ...MODULE.subarray(8, 8 + 8),
    ...custom('target_features', [0]),
    ...MODULE.subarray(16),
    ...custom('name', [1, 2, 0, 3, 0x61, 0x62, 0x63]),
  ]);
  assert.deepEqual(sectionsOf(withCustom).custom, ['producers', 'target_features', 'name']);
  const stripped = withoutCustomSections(withCustom);
  assert.deepEqual(stripped, MODULE);
  const { instance } = await WebAssembly.instantiate(stripped, {
    m: { [ONE]: (x) => x + 1, [TWO]: (x) => x * 2, memory: new WebAssembly.Memory({ initial: 1 }), offset: 5 },
  });
  assert.equal(instance.exports.run(3), 13);
  assert.throws(() => withoutCustomSections(Buffer.concat([MODULE, Buffer.from([0, 9, 1])])), /past the end/);
});

test('every bundle of the build imports by short names', async () => {
  const files = (await readdir(distDir)).filter((f) => f.endsWith('_bg.wasm'));
  assert.ok(files.length >= 22, `${files.length} bundles`);
  for (const file of files) {
    const bytes = await readFile(join(distDir, file));
    assert.deepEqual(sectionsOf(bytes).custom, [], `${file}: no custom section`);
    const module = await WebAssembly.compile(bytes);
    const imports = WebAssembly.Module.imports(module);
    // The lens module has no view, so few imports (build/bundles.mjs LENS).
    assert.ok(imports.length > (/-lens-/.test(file) ? 0 : 100), `${file}: ${imports.length} imports`);
    assert.deepEqual(imports.map((i) => i.name), imports.map((_, n) => shortName(n)), file);
    const glue = await readFile(join(distDir, file.replace(/_bg\.wasm$/, '.js')), 'utf8');
    assert.doesNotMatch(glue, /__wbg_\w+_[0-9a-f]{16}/, `${file}: no long import name left in the glue`);
  }
});

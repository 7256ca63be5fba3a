// Run a MicroPython script under the MicroPython WebAssembly VM with firmware/*.py on its
// path. Usage: node run.mjs <firmware-dir> <script.py>. MicroPython's VM reports a Python
// exception as output, not as an exit code, so the caller judges by the printed lines.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const [firmwareDir, script] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: 256 * 1024,
  stdout: (line) => process.stdout.write(line.endsWith("\n") ? line : line + "\n"),
  stderr: (line) => process.stdout.write(line.endsWith("\n") ? line : line + "\n"),
});
mp.FS.mkdir("/fw");
for (const name of readdirSync(firmwareDir)) {
  if (name.endsWith(".py") || name.endsWith(".json")) mp.FS.writeFile(join("/fw", name), readFileSync(join(firmwareDir, name)));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/fw')\n" + readFileSync(script, "utf8"));
  // Live heap of what the script left in heap_keep: collect, release, collect again, each
  // in its own VM call (a collection cannot reclaim what the current call's stack holds).
  mp.runPython("import gc\ngc.collect()\n_held = gc.mem_alloc()\nif 'heap_keep' in globals(): heap_keep.clear()");
  mp.runPython("gc.collect()\nif 'heap_keep' in globals(): print('HEAP live_bytes=%d' % (_held - gc.mem_alloc()))");
} catch (error) {
  console.log("MICROPYTHON-EXCEPTION " + error.message);
}

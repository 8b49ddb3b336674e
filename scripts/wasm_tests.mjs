// Runs pytest in Pyodide (CPython for WebAssembly): node wasm_tests.mjs DIR ARGS...
// DIR holds node_modules/pyodide and site/, the pure-Python packages; the project (the
// working folder) is mounted at /src.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const [dir, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(dir, "node_modules/pyodide/pyodide.mjs"));
const py = await loadPyodide({ env: { HOME: "/home/pyodide", COLUMNS: "80" } });
const mount = (dir, at) => {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(dir) }, at);
};
mount(".", "/src");
mount(path.join(dir, "site"), "/site");
// Pytest's folders on the real disk: Pyodide 0.27's in-memory one still finds a file
// by name after it is removed.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "wasm-tests-"));
mount(scratch, "/scratch");
py.globals.set("args", py.toPy(args));
let code = 1;
try {
  code = py.runPython(`
import os, sys
sys.path[:0] = ["/src", "/src/scripts", "/site"]
os.chdir("/src")
import pytest
int(pytest.main(["-p", "wasm_plugin", "-p", "no:cacheprovider", "--capture=sys",
                  "--basetemp=/scratch/t", *args]))
`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(code);

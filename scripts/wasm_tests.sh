#!/usr/bin/env bash
# The tests under CPython 3.12 and 3.13, the Pythons phones install, built for
# WebAssembly by Pyodide (from the npm registry): for a machine that has only another
# Python. Needs node and npm. Tests that need processes, TLS or special files are
# skipped there (scripts/wasm_plugin.py); every other test must pass.
#   scripts/wasm_tests.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WASM_DIR:-.wasm}
deps=$(python3 -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]
print(" ".join(p["dependencies"]))')
status=0
# Each line: a Pyodide release, its CPython, its platform tag (pip takes pure wheels).
while read -r release python platform; do
    dir=$work/$release
    if [ ! -d "$dir/site" ]; then
        npm install --silent --prefix "$dir" --no-audit --no-fund "pyodide@$release"
        python3 -m pip install -qq --target "$dir/site" --only-binary=:all: \
            --python-version "$python" --platform "$platform" --implementation cp \
            $deps pytest hypothesis
    fi
    echo "CPython $python (Pyodide $release)"
    node scripts/wasm_tests.mjs "$dir" "$@" </dev/null || status=1
done <<'END'
0.27.7 3.12 pyodide_2024_0_wasm32
0.29.3 3.13 pyodide_2025_0_wasm32
END
exit $status

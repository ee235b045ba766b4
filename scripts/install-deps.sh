#!/usr/bin/env bash
# Installs what building and testing Riffle needs, if anything is missing, in one go:
# Debian packages (one `apt-get update`, then `apt-get install -y`) and PyPI packages.
# Idempotent: does nothing when everything is already there.
set -euo pipefail

debian_packages=(libsqlite3-dev zlib1g-dev wrk postgresql chromium chromium-driver gdb)
command -v node > /dev/null 2>&1 || debian_packages+=(nodejs)
python_modules=(pytest selenium schemathesis)
# Import name and PyPI name differ: the browser tests' DevTools connection (selenium normally brings it along).
python_packages_extra=()
python3 -c "import websocket" > /dev/null 2>&1 || python_packages_extra=(websocket-client)

sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"

missing=()
for package in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    $sudo_cmd apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y "${missing[@]}"
fi

missing_python=()
for module in "${python_modules[@]}"; do
    python3 -c "import $module" > /dev/null 2>&1 || missing_python+=("$module")
done
missing_python+=("${python_packages_extra[@]}")
if [ ${#missing_python[@]} -gt 0 ]; then
    echo "Installing PyPI packages: ${missing_python[*]}"
    python3 -m pip install --quiet "${missing_python[@]}"
fi
# axe-core's axe.min.js for the web app's accessibility test: only the script is used, so not its Playwright deps.
if ! python3 -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)'; then
    echo "Installing PyPI package (without dependencies): axe-playwright-python"
    python3 -m pip install --quiet --no-deps axe-playwright-python
fi

#!/usr/bin/env bash
# Installs the Debian packages that building and testing Riffle need, if any is missing.
# Idempotent: does nothing (not even `apt-get update`) when everything is already there.
set -euo pipefail
packages=(libsqlite3-dev zlib1g-dev wrk)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y "${missing[@]}"
fi

/**
 * verify.py, shipped in every export: checks every file the manifest lists (size and SHA-256)
 * and the manifest's own digest, with Python 3's standard library only. Run it in the directory
 * where every volume was unzipped. Exit status 0 when all holds, 1 otherwise, naming each file
 * that does not.
 */
export const VERIFY_PY = `#!/usr/bin/env python3
"""Checks this export offline: every file's size and SHA-256, and manifest_sha256.

Usage: unzip every volume into one directory, then run  python3 verify.py  there
(or  python3 verify.py DIRECTORY). Needs Python 3 and nothing else.
"""
import hashlib
import json
import os
import sys


def file_digest(path):
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        while True:
            chunk = handle.read(1024 * 1024)
            if not chunk:
                break
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "manifest.json"), "rb") as handle:
        manifest = json.loads(handle.read().decode("utf-8"))
    failures = []
    for entry in manifest["files"]:
        name = entry["name"]
        path = os.path.join(here, name)
        if not os.path.isfile(path):
            failures.append("FAILED %s: missing" % name)
            continue
        size, sha256 = file_digest(path)
        if size != entry["bytes"]:
            failures.append("FAILED %s: %d bytes, the manifest says %d" % (name, size, entry["bytes"]))
        elif sha256 != entry["sha256"]:
            failures.append("FAILED %s: SHA-256 %s, the manifest says %s" % (name, sha256, entry["sha256"]))
    body = dict(manifest)
    stated = body.pop("manifest_sha256", None)
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    computed = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    if computed != stated:
        failures.append("FAILED manifest.json: manifest_sha256 is %s, computed %s" % (stated, computed))
    for line in failures:
        print(line)
    if failures:
        print("%d problem(s) found." % len(failures))
        return 1
    print("OK: %d files and manifest_sha256 %s verified." % (len(manifest["files"]), computed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
`;

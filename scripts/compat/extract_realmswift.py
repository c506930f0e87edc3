#!/usr/bin/env python3
"""Extracts the names of RealmSwift's public declarations from a checkout of realm-swift.

    python3 scripts/compat/extract_realmswift.py /path/to/realm-swift [tag] > scripts/compat/realmswift-10.54.6.api

Reads `RealmSwift/*.swift` (not the tests) at `tag` (default v10.54.6) with `git show`, and
writes one line per declaration: `file<TAB>owner<TAB>kind<TAB>name(labels:)`. Only names are
kept, never RealmSwift's code or documentation.
"""
import sys

from signatures import realmswift_sources
from swiftapi import declarations


def main():
    repo = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "v10.54.6"
    print(f"# RealmSwift {tag.lstrip('v')} public declarations (names only), extracted by scripts/compat/extract_realmswift.py")
    seen = set()
    sources = realmswift_sources(repo, tag)
    for name in sorted(sources):
        for owner, kind, decl in declarations(sources[name]):
            line = f"{name}\t{owner}\t{kind}\t{decl}"
            if line not in seen:
                seen.add(line)
                print(line)


if __name__ == "__main__":
    main()

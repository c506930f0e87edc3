#!/usr/bin/env python3
"""Writes COMPATIBILITY.md: every public declaration of RealmSwift 10.54 (from the committed
list `realmswift-10.54.6.api`), marked supported, differs or absent in Fief.

    python3 scripts/compat/compatibility.py          # rewrite COMPATIBILITY.md
    python3 scripts/compat/compatibility.py --check  # fail if COMPATIBILITY.md is stale

A declaration is *supported* when Fief's public sources (Sources/Fief and Sources/FiefSync)
declare the same name with the same argument labels on the same type (or on the type Fief
uses for it, see OWNERS). `notes.tsv` marks what differs and says why something is absent;
its keys are a declaration (`Owner.name(labels:)`), a type's members (`Owner.*`) or a whole
RealmSwift file (`file:Name.swift`). A note that names a declaration Fief now has, marked
absent, is reported as stale so the table cannot drift. Runs offline.
"""
import os
import sys

from swiftapi import declarations

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))
API = os.path.join(HERE, "realmswift-10.54.6.api")
NOTES = os.path.join(HERE, "notes.tsv")
OUTPUT = os.path.join(ROOT, "COMPATIBILITY.md")
SOURCES = ["Sources/Fief", "Sources/FiefSync"]

# RealmSwift types whose members Fief declares on another type.
OWNERS = {
    "Realm": ["Realm", "_RealmOpening"],
    # `Realm.AsyncOpenTask` is a typealias of FiefSync's `AsyncOpenTask`.
    "Realm.AsyncOpenTask": ["Realm.AsyncOpenTask", "AsyncOpenTask"],
    "Object": ["Object", "ObjectBase", "ObjectObservable"],
    "EmbeddedObject": ["EmbeddedObject", "ObjectBase", "ObjectObservable"],
    "AsymmetricObject": ["AsymmetricObject", "ObjectBase"],
    "RealmCollection": ["RealmCollection", "Results"],
    # Conforming types have what Fief declares in extensions of their protocols.
    "List": ["List", "RealmCollection"],
    "MutableSet": ["MutableSet", "RealmCollection"],
    "LinkingObjects": ["LinkingObjects", "RealmCollection"],
    "AnyRealmCollection": ["AnyRealmCollection", "RealmCollection"],
    "Map": ["Map", "RealmKeyedCollection"],
    # RealmSwift's private protocol shared by its two sectioned types; Fief declares the members on both.
    "SectionedResultImpl": ["SectionedResults", "ResultsSection", "RealmSectionedResult"],
}
# Labels that only carry the caller's isolation (`#isolation`), left out when comparing names.
# A declaration with one matches only a declaration with one (`_isolation:` or `isolation:`, at
# any place), and one without only one without, so that an actor form
# (`observe(keyPaths:on:_isolation:_:)`) is not taken for the `DispatchQueue` form of the same
# name (`observe(keyPaths:on:_:)`).
ISOLATION_LABELS = {"_isolation", "isolation"}


def has_isolation(name):
    return any(label in ISOLATION_LABELS for label in name.partition("(")[2].rstrip(")").split(":"))


def key_of(name):
    """The name compared: labels without isolation, marked `~` when it had one, `=` when not."""
    return ("~" if has_isolation(name) else "=") + normalize(name)


def normalize(name):
    if "(" not in name:
        return name
    base, params = name.split("(", 1)
    labels = [l for l in params.rstrip(")").split(":") if l]
    return base + "(" + "".join(l + ":" for l in labels if l not in ISOLATION_LABELS) + ")"


def fief_declarations():
    found = {}
    for folder in SOURCES:
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                if f.endswith(".swift"):
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        for owner, kind, name in declarations(fh.read()):
                            found.setdefault((owner, normalize(name)), kind)
                            found.setdefault((owner, key_of(name)), kind)
    return found


def read_api():
    rows = []
    with open(API, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            file, owner, kind, name = line.rstrip("\n").split("\t")
            rows.append((file, owner, kind, name))
    return rows


def read_notes():
    notes = {}
    with open(NOTES, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            key, status, note = line.rstrip("\n").split("\t", 2)
            notes[key] = (status, note)
    return notes


def status_of(row, fief, notes):
    file, owner, kind, name = row
    key = f"{owner}.{name}" if owner else name
    owners = OWNERS.get(owner, [owner])
    present = any((o, key_of(name)) in fief for o in owners)
    base = name.split("(")[0]
    others = sorted(n[1:] for (o2, n) in fief if o2 in owners and n[1:].split("(")[0] == base and "(" in n)
    for k in (key, f"{owner}.*" if owner else None, f"file:{file}"):
        if k and k in notes:
            status, note = notes[k]
            if status == "absent" and present and k == key:
                return "stale", f"notes.tsv marks {key} absent, but Fief declares it"
            if status == "absent" and present:
                return "supported", ""
            if status == "supported" and not present:
                continue
            return status, note
    if present:
        return "supported", ""
    if others and "(" in name:
        return "absent", "Fief has " + ", ".join(f"`{o}`" for o in others)
    return "absent", "not implemented yet"


def render(rows, fief, notes):
    results = [(row, *status_of(row, fief, notes)) for row in rows]
    stale = [r for r in results if r[1] == "stale"]
    counts = {s: sum(1 for r in results if r[1] == s) for s in ("supported", "differs", "absent")}
    out = ["# RealmSwift compatibility", "",
           "Every public declaration of RealmSwift 10.54.6 (the last release), and whether Fief has it.",
           "Generated by `python3 scripts/compat/compatibility.py` from the committed list of RealmSwift's",
           "declarations (`scripts/compat/realmswift-10.54.6.api`, names only), Fief's public sources and",
           "`scripts/compat/notes.tsv`; CI runs it with `--check`, so the table cannot drift from the code.",
           "",
           "- **supported**: Fief declares the same name, with the same argument labels, on the same type",
           "  (a check of names and labels; see *Audited signatures* for what was checked further).",
           "- **differs**: present, but its shape or behaviour differs; the note says how.",
           "- **absent**: not in Fief; the note says why.",
           "",
           "The check is by name and argument labels. Types, `throws` and defaults of supported members",
           "were audited by hand for the members listed under *Audited signatures* below.",
           "",
           f"**Totals:** {len(results)} declarations: {counts['supported']} supported, "
           f"{counts['differs']} differ, {counts['absent']} absent.",
           ""]
    out += ["## Audited signatures", "",
            "`Realm`: the initializers (cached per thread, actor, queue and configuration; `queue:` has no",
            "default, as `Realm()` and `Realm(configuration:)` already mean a nil queue), `write(withoutNotifying:_:)`",
            "(returns the block's value, `@discardableResult`), `beginWrite()` (does not throw),",
            "`commitWrite(withoutNotifying:) throws`, `cancelWrite()`, `refresh() -> Bool` (`@discardableResult`),",
            "`invalidate()`, `thaw() -> Realm`, `thaw(_:)`, `freeze(_:)`, `==`, `writeAsync(_:onComplete:)`,",
            "`beginAsyncWrite(_:)`, `commitAsyncWrite(allowGrouping:_:)`, `cancelAsyncWrite(_:) throws`,",
            "`isPerformingAsynchronousWriteOperations`. `Object`: `value(forKey:)`, `setValue(_:forKey:)`,",
            "`setValuesForKeys(_:)`, `sharedSchema()`, `primaryKey()`, `indexedProperties()`, `ignoredProperties()`,",
            "`thaw()`. `List`, `MutableSet`, `Map`: `isInvalidated`, `isFrozen`, `realm`.", ""]
    out += ["## What the table does not cover yet", "",
            "- Members RealmSwift declares in Objective-C (`RLMObjectBase`, `RLMRealm`...) or only in internal",
            "  files (`Impl/`) are not in the list, though Swift code sees some of them (`Object.isInvalidated`,",
            "  `className()`).",
            "- Parameter and result types, `throws`, generic constraints and default arguments are compared by",
            "  hand only for the audited members above; for the rest, *supported* means the name and labels match.",
            "- Behaviour is covered by Fief's tests for the audited members; RealmSwift's own test files",
            "  (issue 20's measure) have not been run again against this table.", ""]
    by_file = {}
    for r in results:
        by_file.setdefault(r[0][0], []).append(r)
    out += ["## By RealmSwift source file", "",
            "| File | Supported | Differs | Absent |", "|---|---:|---:|---:|"]
    for file in sorted(by_file):
        rs = by_file[file]
        out.append(f"| {file} | {sum(r[1] == 'supported' for r in rs)} | {sum(r[1] == 'differs' for r in rs)} "
                   f"| {sum(r[1] == 'absent' for r in rs)} |")
    out.append("")
    for file in sorted(by_file):
        out += [f"### {file}", "", "| Declaration | Status | Notes |", "|---|---|---|"]
        for (row, status, note) in by_file[file]:
            _, owner, kind, name = row
            label = f"{owner}.{name}" if owner else name
            if kind in ("struct", "class", "enum", "protocol", "typealias", "actor"):
                label = f"{kind} {label}"
            out.append(f"| `{label}` | {status} | {note} |")
        out.append("")
    return "\n".join(out), stale


def main():
    text, stale = render(read_api(), fief_declarations(), read_notes())
    for r in stale:
        print(f"stale note: {r[2]}", file=sys.stderr)
    if "--check" in sys.argv:
        with open(OUTPUT, encoding="utf-8") as fh:
            current = fh.read()
        if current != text or stale:
            print("COMPATIBILITY.md is out of date: run python3 scripts/compat/compatibility.py", file=sys.stderr)
            sys.exit(1)
        print("COMPATIBILITY.md is up to date")
        return
    with open(OUTPUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    if stale:
        sys.exit(1)


if __name__ == "__main__":
    main()

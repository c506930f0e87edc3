#!/usr/bin/env python3
"""Writes COMPATIBILITY.md: every public declaration of RealmSwift 10.54 (from the committed
list `realmswift-10.54.6.api`), marked supported, differs or absent in Fief.

    python3 scripts/compat/compatibility.py          # rewrite COMPATIBILITY.md
    python3 scripts/compat/compatibility.py --check  # fail if COMPATIBILITY.md is stale
    python3 scripts/compat/compatibility.py --known  # also rewrite signature-mismatches.tsv

A declaration is *supported* when Fief's public sources (Sources/Fief and Sources/FiefSync)
declare the same name with the same argument labels on the same type (or on the type Fief
uses for it, see OWNERS). `notes.tsv` marks what differs and says why something is absent;
its keys are a declaration (`Owner.name(labels:)`), a type's members (`Owner.*`) or a whole
RealmSwift file (`file:Name.swift`). A note that names a declaration Fief now has, marked
absent, is reported as stale so the table cannot drift. The signatures of supported
declarations are then compared with RealmSwift's (see signatures.py): a mismatch not listed
in `signature-mismatches.tsv`, or one listed there that no longer occurs, fails. Runs offline.
"""
import os
import sys

import signatures
from swiftapi import declarations

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))
API = os.path.join(HERE, "realmswift-10.54.6.api")
NOTES = os.path.join(HERE, "notes.tsv")
SUBSTITUTIONS = os.path.join(HERE, "type-substitutions.tsv")
KNOWN = os.path.join(HERE, "signature-mismatches.tsv")
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
    for text in fief_sources():
        for owner, kind, name in declarations(text):
            found.setdefault((owner, normalize(name)), kind)
            found.setdefault((owner, key_of(name)), kind)
    return found


def fief_sources():
    for folder in SOURCES:
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in sorted(files):
                if f.endswith(".swift"):
                    with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                        yield fh.read()


def fief_signatures():
    """{(owner, compared name): set of (kind, facts)} of Fief's public declarations."""
    found = {}
    for (owner, name), overloads in signatures.source_facts(list(fief_sources())).items():
        found.setdefault((owner, key_of(name)), set()).update(overloads)
    return found


def signature_mismatches(results, realm, fief, substitutions):
    """[(declaration, kind, RealmSwift's, Fief's)] for the supported declarations, and how many were compared."""
    out, compared = [], 0
    protocols = {(o + "." + n if o else n) for (_, o, k, n), _, _ in results if k == "protocol"}
    for (file, owner, kind, name), status, _ in results:
        if status != "supported" or (file, owner, name) not in realm:
            continue
        owners = OWNERS.get(owner, [owner])

        def lookup(n, owners=owners):
            return set().union(*(fief.get((o, key_of(n)), set()) for o in owners))
        compared += 1
        label = f"{owner}.{name}" if owner else name
        out += [(label, *d) for d in signatures.mismatches(owner, name, realm[(file, owner, name)], lookup,
                                                            substitutions, owner in protocols)]
    return out, compared


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


def read_known():
    """The committed signature mismatches not yet resolved, as (declaration, kind, RealmSwift's, Fief's)."""
    with open(KNOWN, encoding="utf-8") as fh:
        return sorted(tuple(line.rstrip("\n").split("\t")) for line in fh
                      if not line.startswith("#") and line.strip())


def write_known(found):
    """Rewrites `signature-mismatches.tsv` with the mismatches found (`--known`)."""
    with open(KNOWN, "w", encoding="utf-8") as fh:
        fh.write("# Signature mismatches of supported declarations not yet resolved, written by\n"
                 "# `python3 scripts/compat/compatibility.py --known`; `--check` fails when the audit finds others.\n"
                 "# declaration<TAB>kind<TAB>RealmSwift's<TAB>Fief's (normalized, see signatures.py)\n")
        for m in found:
            fh.write("\t".join(m) + "\n")


def header(results, found, compared, substitutions):
    counts = {s: sum(1 for r in results if r[1] == s) for s in ("supported", "differs", "absent")}
    kinds = {}
    for m in found:
        kinds[m[1]] = kinds.get(m[1], 0) + 1
    flagged = len({m[0] for m in found})
    by_kind = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
    out = ["# RealmSwift compatibility", "",
           "Every public declaration of RealmSwift 10.54.6 (the last release), and whether Fief has it.",
           "Generated by `python3 scripts/compat/compatibility.py` from the committed list of RealmSwift's",
           "declarations (`scripts/compat/realmswift-10.54.6.api`, names only) and their signatures",
           "(`realmswift-10.54.6.sig`), Fief's public sources and `scripts/compat/notes.tsv`; CI runs it with",
           "`--check`, so the table cannot drift from the code.",
           "",
           "- **supported**: Fief declares the same name, with the same argument labels, on the same type,",
           "  and (for functions, initializers, subscripts, properties and enum cases) the same signature,",
           "  except for the mismatches the table lists as not yet resolved (see *Audited signatures*).",
           "- **differs**: present, but its shape or behaviour differs; the note says how.",
           "- **absent**: not in Fief; the note says why.",
           "",
           f"**Totals:** {len(results)} declarations: {counts['supported']} supported, "
           f"{counts['differs']} differ, {counts['absent']} absent.",
           ""]
    out += ["## Audited signatures", "",
            "`scripts/compat/signatures.py` extracts the signature facts of every RealmSwift declaration in the",
            "list that is a function, initializer, subscript, property or enum case (`realmswift-10.54.6.sig`,",
            "regenerated from a realm-swift checkout with `signatures.py --refresh`): parameter types, which",
            "parameters have a default, `throws`/`rethrows`/`async`, the result type and its optionality,",
            "`@discardableResult`, the generic constraints on the declaration's own generic parameters,",
            "`static`, a property's type and whether it can be set, an enum case's payload. It extracts the",
            "same facts from Fief's sources and compares them for every declaration marked supported, after",
            "normalizing spelling (whitespace, module prefixes, `@escaping`, `@Sendable`, `sending`, `any`,",
            "generic parameter names, closure parameter names, `Optional<X>`, `Map` for `Map<Key, Value>`",
            f"inside `Map`...) and renaming the {len(substitutions)} types Fief models differently or RealmSwift "
            "spells through",
            "an alias (`type-substitutions.tsv`: `RLMObjectBase` is `Object`, `NSError` is `Error`...).",
            "",
            "A RealmSwift overload matches when one Fief overload of the name has the same facts, or differs",
            "only in ways that accept every call written for RealmSwift: more defaults, an optional parameter",
            "where RealmSwift's is not, `rethrows` with a throwing closure where RealmSwift's closure cannot",
            "throw, `@discardableResult` added, fewer generic constraints, a setter added (outside protocols),",
            "or a default RealmSwift has that Fief gives as a separate overload without the parameter",
            "(`Realm(queue:)` and `Realm()`).",
            "",
            f"**Compared:** {compared} supported declarations (the other {counts['supported'] - compared} are "
            "types, aliases and protocols):",
            f"{compared - flagged} match; {flagged} {'has' if flagged == 1 else 'have'} {len(found)} "
            f"{'mismatch' if len(found) == 1 else 'mismatches'} not yet resolved ({by_kind or 'none'}),",
            "listed in `scripts/compat/signature-mismatches.tsv` and marked in the table. `--check` fails when",
            "a supported declaration's signature drifts from RealmSwift's, or a listed mismatch is resolved",
            "without the list being updated (`--known` rewrites it). Declarations whose signature differs on",
            "purpose are marked *differs*, with a note saying what to write instead.", ""]
    out += ["## What the table does not cover yet", "",
            "- Members RealmSwift declares in Objective-C (`RLMObjectBase`, `RLMRealm`...) or only in internal",
            "  files (`Impl/`) are not in the list, though Swift code sees some of them (`Object.isInvalidated`,",
            "  `className()`).",
            "- Types, type aliases and protocols are compared by name only (not their conformances, generic",
            "  parameters or what an alias names); the constraints of the extension a member is declared in",
            "  (`extension List where Element: Object`) are not compared, nor the values of default arguments.",
            "- Conditional compilation is ignored on both sides: RealmSwift's Combine overloads count.",
            "- Behaviour is covered by Fief's tests, not by this table; RealmSwift's own test files",
            "  (issue 20's measure) have not been run again against it.", ""]
    return out


def render(results, found, compared, substitutions):
    out = header(results, found, compared, substitutions)
    flagged = {}
    for m in found:
        flagged.setdefault(m[0], set()).add(m[1])
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
            if label in flagged and status == "supported":
                note = "Signature not yet matched: " + ", ".join(sorted(flagged[label])) + " (see signature-mismatches.tsv)"
            out.append(f"| `{label}` | {status} | {note} |")
        out.append("")
    return "\n".join(out)


def main():
    fief, notes = fief_declarations(), read_notes()
    results = [(row, *status_of(row, fief, notes)) for row in read_api()]
    substitutions = signatures.read_substitutions(SUBSTITUTIONS)
    found, compared = signature_mismatches(results, signatures.read_facts(), fief_signatures(), substitutions)
    if "--known" in sys.argv:
        write_known(found)
    known = read_known()
    text = render(results, known, compared, substitutions)
    stale = [r for r in results if r[1] == "stale"]
    for r in stale:
        print(f"stale note: {r[2]}", file=sys.stderr)
    for m in sorted(set(found) - set(known)):
        print("signature mismatch: " + "\t".join(m), file=sys.stderr)
    for m in sorted(set(known) - set(found)):
        print("resolved, remove from signature-mismatches.tsv: " + "\t".join(m), file=sys.stderr)
    failed = bool(stale) or set(found) != set(known)
    if "--check" in sys.argv:
        with open(OUTPUT, encoding="utf-8") as fh:
            current = fh.read()
        if current != text or failed:
            print("COMPATIBILITY.md is out of date: run python3 scripts/compat/compatibility.py", file=sys.stderr)
            sys.exit(1)
        print("COMPATIBILITY.md is up to date")
        return
    with open(OUTPUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Signature facts of public Swift declarations, and their comparison with RealmSwift's.

    python3 scripts/compat/signatures.py --refresh /path/to/realm-swift [tag]

rewrites `realmswift-10.54.6.sig` from a checkout of realm-swift (`RealmSwift/*.swift` at
`tag`, default v10.54.6, read with `git show`). `compatibility.py` reads that file, extracts
the same facts from Fief's sources and compares them for every declaration it marks
supported.

The facts of a declaration, one line per overload (`file<TAB>owner<TAB>name<TAB>kind<TAB>key=value...`):
`static`; for functions, initializers and subscripts the parameter types (`params`, without
labels, which the name carries), which parameters have a default (`defaults`, by position),
`throws`/`rethrows`/`async` (`effects`), the result type (`result`), `@discardableResult`
(`discardable`) and the generic constraints on the declaration itself (`where`, generic
parameters renamed `T1`, `T2`... by position); for properties the type and `get` or
`get set` (`access`); for enum cases the payload types. Types are normalized: no
whitespace, no `Swift.`/`Foundation.` prefixes, no `@escaping`, `@Sendable`, `sending` or
`any`, `Optional<X>` written `X?`, `Array<X>` and `Dictionary<K, V>` written `[X]` and `[K: V]`, `()` written `Void`. Requirements on the enclosing
type's generic parameters (on the declaration or its extension) are not facts.
Parameters that only carry the caller's isolation (`_isolation: isolated (any Actor)? =
#isolation`) are left out, as `compatibility.py` leaves their labels out of names.
"""
import os
import re
import subprocess
import sys

from swiftapi import balanced, declarations_with_headers, split_top

HERE = os.path.dirname(os.path.abspath(__file__))
FACTS = os.path.join(HERE, "realmswift-10.54.6.sig")
KEYS = ("static", "params", "defaults", "effects", "result", "discardable", "where", "type", "access")
CALLABLE = {"func", "init", "subscript"}
ISOLATION_LABELS = {"_isolation", "isolation"}
# Attributes and keywords of a type that do not change how a call reads.
TYPE_NOISE = re.compile(r"@escaping\b|@Sendable\b|@isolated\(any\)|@_\w+|\b(?:any|sending|borrowing|consuming|__owned|__shared)\s+")
MODULE_PREFIX = re.compile(r"\b(?:Swift|Foundation|RealmSwift|Fief|FiefSync|Dispatch)\.(?=[A-Z])")
IDENTIFIER = re.compile(r"\b[A-Za-z_]\w*\b")


def top_index(text, chars):
    """Index of the first of `chars` outside brackets in `text`, or -1."""
    depth = 0
    for k, ch in enumerate(text):
        if ch in "([<{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and text[k - 1] != "-"):
            depth -= 1
        elif ch in chars and depth == 0:
            return k
    return -1


def squeeze(text):
    """`text` with whitespace removed except between two words (`inout T`, `some P`)."""
    text = re.sub(r"\s+", " ", text.strip())
    text = re.sub(r"\s*([^\w\s])\s*", r"\1", text).replace(",", ", ")
    return re.sub(r"\)(async|throws|rethrows)\b", r") \1", text)


def optional_sugar(text):
    """`Optional<X>` written `X?`."""
    while True:
        k = text.find("Optional<")
        if k < 0 or (k > 0 and (text[k - 1].isalnum() or text[k - 1] in "_.")):
            return text
        end = balanced(text, k + 8, "<", ">")
        inner = text[k + 9:end - 1]
        wrap = "(" + inner + ")" if re.search(r"->|&", inner) else inner
        text = text[:k] + wrap + "?" + text[end:]


def collection_sugar(text):
    """`Array<X>` written `[X]`, `Dictionary<K, V>` written `[K: V]`."""
    for name in ("Array<", "Dictionary<"):
        while True:
            k = text.find(name)
            if k < 0 or (k > 0 and (text[k - 1].isalnum() or text[k - 1] in "_.")):
                break
            end = balanced(text, k + len(name) - 1, "<", ">")
            parts = split_top(text[k + len(name):end - 1])
            text = text[:k] + "[" + ": ".join(p.strip() for p in parts) + "]" + text[end:]
    return text


def unwrap(text):
    """A type without parentheses around the whole of it (`(() -> T)` is `() -> T`)."""
    while text.startswith("(") and balanced(text, 0, "(", ")") == len(text) and len(split_top(text[1:-1])) == 1:
        text = text[1:-1]
    return text


def rename(text, names):
    return IDENTIFIER.sub(lambda m: names.get(m.group(0), m.group(0)), text)


def normalize_type(text, generics):
    """A type as compared: noise removed, generic parameters renamed."""
    text = TYPE_NOISE.sub("", text)
    text = MODULE_PREFIX.sub("", text)
    text = unwrap(squeeze(collection_sugar(optional_sugar(text))))
    text = "Void" if text == "()" else text.replace("->()", "->Void")
    return rename(text, generics)


def generic_names(clause):
    """{name: `T1`...} for a generic parameter clause's contents (`T: Object, U`)."""
    names = [re.match(r"\s*(?:each\s+)?(\w+)", p).group(1) for p in split_top(clause)]
    return {n: f"T{k + 1}" for k, n in enumerate(names)}


def constraints(clause, where, generics):
    """The requirements on the declaration's own generic parameters, one `T1: Object` per item,
    sorted. Requirements on the enclosing type's parameters are left out: where they are written
    (the declaration or its extension) does not change a call."""
    items = [p for p in split_top(clause) if ":" in p]
    items += split_top(where) if where else []
    out = []
    for item in items:
        item = normalize_type(item, generics)
        out += [r for r in split_conformances(item) if re.search(r"\bT\d+\b", r)]
    return ", ".join(sorted(out))


def split_conformances(item):
    """`T1: A & B` as `T1: A`, `T1: B`; same-type requirements as written."""
    if "==" in item or ":" not in item:
        return [item]
    subject, _, bound = item.partition(":")
    return [f"{subject}: {b}" for b in bound.split("&")]


def split_header(kind, header):
    """(attributes and modifiers, the text after the keyword) of a declaration header."""
    word = {"func": r"func", "init": r"init[?!]?", "subscript": r"subscript", "var": r"var",
            "let": r"let", "case": r"case"}[kind]
    m = re.search(r"(?<![\w.@])" + word + r"(?![\w])", header)
    if not m:
        return "", header
    return header[:m.start()], header[m.start():]


def callable_facts(kind, header):
    mods, rest = split_header(kind, header)
    failable = re.match(r"init([?!])", rest)
    rest = re.sub(r"^(?:init[?!]?|subscript|func\s*(?:`?\w+`?|[-/=+!*%<>&|^~?.]+))\s*", "", rest)
    clause = ""
    if rest.startswith("<"):
        end = balanced(rest, 0, "<", ">")
        clause, rest = rest[1:end - 1], rest[end:].lstrip()
    generics = generic_names(clause)
    end = balanced(rest, 0, "(", ")")
    params, tail = rest[1:end - 1], rest[end:]
    where = ""
    w = re.search(r"\bwhere\b", tail)
    if w:
        tail, where = tail[:w.start()], tail[w.end():]
    arrow = tail.find("->")
    effects, result = (tail[:arrow], tail[arrow + 2:]) if arrow >= 0 else (tail, "")
    types, defaults = parameter_facts(params, generics)
    facts = {"static": "static" if re.search(r"\b(static|class)\b", mods) else "",
             "params": "(" + ", ".join(types) + ")",
             "defaults": ",".join(defaults),
             "effects": " ".join(re.findall(r"\b(async|throws|rethrows)\b", effects)),
             "result": normalize_type(result, generics) if result.strip() else "Void",
             "discardable": "yes" if "@discardableResult" in mods else "",
             "where": constraints(clause, where, generics)}
    if kind == "init":
        facts["result"] = "Self" + failable.group(1) if failable else ""
    if kind == "subscript":
        facts["discardable"] = ""
    return facts


def parameter_facts(params, generics):
    """(normalized types, positions of parameters with defaults), isolation parameters left out."""
    types, defaults = [], []
    for p in split_top(params):
        colon = top_index(p, ":")
        if colon < 0:
            continue
        head, typ = p[:colon].split(), p[colon + 1:]
        if head and head[0] in ISOLATION_LABELS or "#isolation" in typ:
            continue
        eq = top_index(typ, "=")
        if eq >= 0:
            defaults.append(str(len(types)))
            typ = typ[:eq]
        types.append(normalize_type(typ, generics))
    return types, defaults


def property_facts(kind, header, accessors, protocol_member):
    mods, rest = split_header(kind, header)
    colon = top_index(rest, ":")
    typ = rest[colon + 1:] if colon >= 0 else ""
    return {"static": "static" if re.search(r"\b(static|class)\b", mods) else "",
            "type": normalize_type(typ, {}) if typ.strip() else "?",
            "access": "get set" if settable(kind, mods, accessors, protocol_member) else "get"}


def settable(kind, mods, accessors, protocol_member):
    """Whether a property can be set: a `let` cannot, a `private(set) var` cannot outside,
    a computed property can when it has a setter (or observers), a stored one always."""
    if kind == "let" or re.search(r"\b(private|fileprivate|internal|package)\(set\)", mods):
        return False
    if not accessors:
        return not protocol_member
    inner = accessors[1:-1]
    words = set(re.findall(r"(?:^|[{;\s])(get|set|willSet|didSet|_modify|unsafeMutableAddress)\b", inner))
    if not words:
        return False  # a getter's body
    return bool(words & {"set", "willSet", "didSet", "_modify", "unsafeMutableAddress"})


def case_facts(header):
    k = header.find("(")
    payload = header[k + 1:balanced(header, k, "(", ")") - 1] if k >= 0 else ""
    types = [normalize_type(p.split(":", 1)[-1] if top_index(p, ":") >= 0 else p, {})
             for p in split_top(payload)]
    return {"params": "(" + ", ".join(types) + ")" if k >= 0 else ""}


def facts_of(owner, kind, header, accessors, protocols):
    """The facts of one declaration as `key=value` strings, or None for types and aliases."""
    if kind in CALLABLE:
        facts = callable_facts(kind, header)
    elif kind in ("var", "let"):
        facts = property_facts(kind, header, accessors, owner in protocols)
    elif kind == "case":
        facts = case_facts(header)
    else:
        return None
    return tuple(f"{k}={facts[k]}" for k in KEYS if facts.get(k))


def source_facts(sources):
    """{(owner, name): set of facts} for the public declarations of `sources` (texts)."""
    decls = [d for text in sources for d in declarations_with_headers(text)]
    protocols = {(o + "." + n if o else n) for o, k, n, _, _ in decls if k == "protocol"}
    found = {}
    for owner, kind, name, header, accessors in decls:
        facts = facts_of(owner, kind, header, accessors, protocols)
        if facts is not None:
            found.setdefault((owner, name), set()).add((kind, facts))
    return found


MISMATCH_KINDS = {"static": "static", "params": "parameter types", "defaults": "default arguments",
                  "effects": "throws/async", "result": "result type", "discardable": "@discardableResult",
                  "where": "generic constraints", "type": "type", "access": "get/set"}


TYPE_KEYS = ("params", "result", "where", "type")


def comparable(facts, owner, substitutions):
    """Facts as compared: types renamed by `substitutions` and written the same way whatever the
    spelling (`Map` or `Map<Key, Value>` inside `Map`, `Self`, `T.Iterator.Element`, closure
    parameter names, the order of a same-type requirement)."""
    out = dict(f.split("=", 1) for f in facts)
    renamings = owner_substitutions(substitutions, owner)
    for k in TYPE_KEYS:
        if k in out:
            out[k] = same_spelling(rename(out[k], renamings), owner)
    if "where" in out:
        out["where"] = ", ".join(sorted(ordered_requirement(r) for r in split_top(out["where"])))
    return out


def owner_substitutions(substitutions, owner):
    """The renamings that apply in `owner`: unqualified ones, and those written `Owner.Name`."""
    return {k.rpartition(".")[2]: v for k, v in substitutions.items()
            if "." not in k or k.rpartition(".")[0] == owner}


def same_spelling(text, owner):
    """`text` without the spellings that name the same type in `owner` in several ways."""
    base = owner.split(".")[-1]
    for k in range(owner.count(".") + 1, 0, -1):
        text = re.sub(r"(?<![\w.])" + re.escape(".".join(owner.split(".")[:k])) + r"(?:<[\w, ]*>)?\.(?=[A-Z])", "", text)
    if base:
        text = re.sub(r"(?<![\w.])" + re.escape(base) + r"<[\w, ]*>(?![.\w])", base, text)
        text = re.sub(r"\bSelf\.(?=[A-Z])", "", text)
        text = re.sub(r"\bSelf\b", base, text)
    text = text.replace(".Iterator.Element", ".Element")
    return re.sub(r"\b_ \w+:", "", text)


def ordered_requirement(req):
    """`A==B` with its two sides in a fixed order."""
    req = req.strip()
    if "==" not in req:
        return req
    return "==".join(sorted(side.strip() for side in req.split("==", 1)))


def mismatch_kind(key, theirs, ours):
    """`optionality` when two types differ only by a trailing `?` or `!`, else the key's kind."""
    if key in ("result", "type") and theirs.rstrip("?!") == ours.rstrip("?!"):
        return "optionality"
    return MISMATCH_KINDS[key]


def accepts(key, theirs, ours, fief, protocol):
    """Whether Fief's value accepts every use RealmSwift's does: defaults on more parameters,
    `rethrows` with a throwing closure where RealmSwift's closure cannot throw, an optional
    parameter where RealmSwift's is not, `@discardableResult` added, fewer generic constraints,
    or (outside protocols, whose conformers would have to provide it) a setter added."""
    if key == "defaults":
        return set(filter(None, theirs.split(","))) <= set(filter(None, ours.split(",")))
    if key == "effects":
        return fief.get("effects") == "rethrows" and not theirs
    if key == "params":
        return widens(theirs, ours.replace(" throws->", "->") if fief.get("effects") == "rethrows" else ours)
    if key == "discardable":
        return ours == "yes"
    if key == "where":
        return requirements(ours) <= requirements(theirs)
    return key == "access" and not protocol and ours == "get set"


def requirements(where):
    return {r.strip() for r in split_top(where) if r.strip()}


def widens(theirs, ours):
    """Whether each of Fief's parameter types is RealmSwift's or its optional."""
    theirs, ours = split_top(theirs[1:-1]), split_top(ours[1:-1])
    return len(theirs) == len(ours) and all(
        o.strip() in (t.strip(), t.strip() + "?", "(" + t.strip() + ")?") for t, o in zip(theirs, ours))


def differences(theirs, ours, protocol):
    """[(kind, RealmSwift's value, Fief's value)] for the keys on which two overloads differ."""
    return [(mismatch_kind(k, theirs.get(k, ""), ours.get(k, "")), theirs.get(k, ""), ours.get(k, ""))
            for k in KEYS if theirs.get(k, "") != ours.get(k, "")
            and not accepts(k, theirs.get(k, ""), ours.get(k, ""), ours, protocol)]


def mismatches(owner, name, realm_overloads, lookup, substitutions, protocol=False):
    """For each RealmSwift overload no Fief overload matches, the differences from the closest one.
    `lookup(name)` gives Fief's overloads of a name on the same type."""
    ours = [comparable(f, owner, substitutions) for _, f in sorted(lookup(name))]
    if not ours:
        return [("no signature found", "", "")]
    out = []
    for _, facts in sorted(realm_overloads):
        theirs = comparable(facts, owner, substitutions)
        best = min((differences(theirs, o, protocol) for o in ours), key=len)
        out += [d for d in best if not (d[0] == "default arguments" and
                                        shorter_overload(owner, name, theirs, d, lookup, substitutions))]
    return sorted(set(out))


def shorter_overload(owner, name, theirs, difference, lookup, substitutions):
    """Whether the calls that leave out the parameters RealmSwift gives defaults and Fief's
    overload does not reach another Fief declaration, without those parameters."""
    _, realm_defaults, fief_defaults = difference
    missing = set(filter(None, realm_defaults.split(","))) - set(filter(None, fief_defaults.split(",")))
    missing = {int(k) for k in missing}
    params = split_top(theirs["params"][1:-1])
    rest = "(" + ", ".join(p.strip() for k, p in enumerate(params) if k not in missing) + ")"
    return any(comparable(f, owner, substitutions).get("params") == rest
               for _, f in lookup(without_parameters(name, missing)))


def without_parameters(name, positions):
    """`name(labels:)` without the labels at `positions` (counted without isolation labels)."""
    base, _, params = name.partition("(")
    labels = [label for label in params.rstrip(")").split(":") if label and label not in ISOLATION_LABELS]
    return base + "(" + "".join(label + ":" for k, label in enumerate(labels) if k not in positions) + ")"


def read_substitutions(path):
    """{RealmSwift type: Fief type} from `type-substitutions.tsv`."""
    found = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("#") and line.strip():
                theirs, ours = line.rstrip("\n").split("\t")[:2]
                found[theirs] = ours
    return found


def read_facts(path=FACTS):
    """{(file, owner, name): set of (kind, facts)} from the committed facts file."""
    found = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            file, owner, name, kind, *facts = line.rstrip("\n").split("\t")
            found.setdefault((file, owner, name), set()).add((kind, tuple(facts)))
    return found


def write_facts(files, tag, out):
    """One line per overload of each file's declarations (`files`: {file name: source})."""
    out.write(f"# RealmSwift {tag.lstrip('v')} signature facts (normalized types, no code or documentation), "
              "written by scripts/compat/signatures.py --refresh\n")
    for file in sorted(files):
        found = source_facts([files[file]])
        for (owner, name) in sorted(found):
            for kind, facts in sorted(found[(owner, name)]):
                out.write("\t".join((file, owner, name, kind) + facts) + "\n")


def realmswift_sources(repo, tag):
    """{file name: source} of `RealmSwift/*.swift` at `tag`."""
    files = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", tag, "RealmSwift/"],
                           check=True, capture_output=True, text=True).stdout.split()
    return {path.split("/")[-1]: subprocess.run(["git", "-C", repo, "show", f"{tag}:{path}"],
                                                check=True, capture_output=True, text=True).stdout
            for path in files if path.endswith(".swift")}


def main():
    if len(sys.argv) < 3 or sys.argv[1] != "--refresh":
        sys.exit(__doc__)
    repo = sys.argv[2]
    tag = sys.argv[3] if len(sys.argv) > 3 else "v10.54.6"
    with open(FACTS, "w", encoding="utf-8") as fh:
        write_facts(realmswift_sources(repo, tag), tag, fh)


if __name__ == "__main__":
    main()

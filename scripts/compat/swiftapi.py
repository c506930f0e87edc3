"""Lists the public declarations of Swift source files, by name.

A small scanner, not a compiler: it strips comments and string literals, follows braces to
know which type or extension a declaration sits in, and records every `public` or `open`
declaration (and every requirement of a public protocol, and every member of a
`public extension`) as `Owner.name(labels:)`. Conditional compilation is ignored (both
branches count). Names beginning with `_` are implementation details and left out.
"""

import re

MODIFIERS = (r"(?:(?:public|open|internal|private|fileprivate|package|final|static|class|override|"
             r"convenience|required|mutating|nonmutating|nonisolated|dynamic|lazy|indirect|"
             r"weak|unowned|optional|prefix|postfix|infix|consuming|borrowing)(?:\([^)]*\))?\s+)*")
ATTRIBUTES = r"(?:@[A-Za-z_][\w.]*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)*"
DECL = re.compile(r"\s*(" + ATTRIBUTES + MODIFIERS + r")"
                  r"(func|init[?!]?|subscript|var|let|case|typealias|associatedtype|struct|class|enum|protocol|actor|extension)\b"
                  r"\s*(.*)", re.S)
TYPE_KINDS = {"struct", "class", "enum", "protocol", "actor"}
# A function's name: an identifier, or an operator (whose `<` and `>` are not brackets).
OPERATOR_OR_NAME = re.compile(r"(`?\w+`?|[-/=+!*%<>&|^~?.]+)\s*")


def strip(source):
    """The source without comments and with string literals emptied (lengths kept loosely)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if source.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif source.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if source[i] == "\n":
                        out.append("\n")
                    i += 1
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * source.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and source[j] != '"' and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def balanced(text, start, open_, close):
    """The index just past the bracket group starting at `start`."""
    depth = 0
    for k in range(start, len(text)):
        if text[k] == open_:
            depth += 1
        elif text[k] == close:
            depth -= 1
            if depth == 0:
                return k + 1
    return len(text)


def split_top(text, sep=","):
    parts, depth, cur = [], 0, []
    for k, ch in enumerate(text):
        if ch in "([<{":
            depth += 1
        elif ch in ")]}" or (ch == ">" and text[k - 1] != "-"):
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def labels(params, is_subscript=False):
    out = []
    for p in split_top(params):
        head = p.split(":")[0].split()
        if not head:
            continue
        if is_subscript:
            out.append(head[0] if len(head) > 1 else "_")
        else:
            out.append(head[0])
    return "(" + "".join(l + ":" for l in out) + ")"


def callable_name(keyword, rest):
    """`name(labels:)` for a func, init or subscript header."""
    if keyword.startswith("init"):
        # A failable `init?(` reaches here as `init` followed by `?(`.
        name, tail = "init", rest.lstrip().lstrip("?!")
    elif keyword == "subscript":
        name, tail = "subscript", rest
    else:
        m = re.match(OPERATOR_OR_NAME, rest)
        if not m:
            return None
        name, tail = m.group(1).strip("`"), rest[m.end():]
    tail = tail.lstrip()
    if tail.startswith("<"):
        tail = tail[balanced(tail, 0, "<", ">"):].lstrip()
    if not tail.startswith("("):
        return None
    params = tail[1:balanced(tail, 0, "(", ")") - 1]
    return name + labels(params, keyword == "subscript")


def declarations(source):
    """Yields (owner, kind, name) for each public declaration of `source`."""
    for owner, kind, name, _, _ in declarations_with_headers(source):
        yield owner, kind, name


def declarations_with_headers(source):
    """Yields (owner, kind, name, header, accessors) for each public declaration of `source`:
    `header` is the declaration's text from its attributes to its body (comments removed),
    `accessors` the text of a property's or subscript's braces (`{ get set }`, a getter...),
    empty for other declarations."""
    text = strip(source)
    # Each scope: (name or None for a code block, kind, members public by default).
    stack = [("", "file", False)]
    i, n = 0, len(text)
    at_start = True
    while i < n:
        c = text[i]
        if c == "{":
            stack.append((None, "block", False))
            i += 1
            at_start = True
            continue
        if c == "}":
            if len(stack) > 1:
                stack.pop()
            i += 1
            at_start = True
            continue
        if c in ";\n":
            i += 1
            at_start = True
            continue
        if c.isspace() or not at_start:
            i += 1
            continue
        at_start = False
        scope = stack[-1]
        if scope[1] in ("block",):
            i += 1
            continue
        m = DECL.match(text, i)
        if not m:
            i += 1
            continue
        mods, keyword, rest = m.group(1), m.group(2), m.group(3)
        name_end = m.start(3)
        if keyword == "func":
            op = OPERATOR_OR_NAME.match(text, name_end)
            name_end = op.end() if op else name_end
        header_end = header_limit(text, name_end)
        rest = text[m.start(3):header_end]
        is_public = bool(re.search(r"\b(public|open)\b", mods)) or (scope[2] and "private" not in mods
                                                                    and "internal" not in mods)
        owner = scope[0] or ""
        if keyword == "extension":
            target = re.match(r"([\w.]+)", rest).group(1)
            brace = text.find("{", header_end)
            stack_entry = (target, "extension", bool(re.search(r"\bpublic\b", mods)))
            if brace >= 0:
                i = brace + 1
                stack.append(stack_entry)
                at_start = True
            else:
                i = header_end
            continue
        if keyword in TYPE_KINDS:
            nm = re.match(r"(\w+)", rest)
            if not nm:
                i = header_end
                continue
            name = nm.group(1)
            full = owner + "." + name if owner else name
            brace = text.find("{", header_end)
            if is_public and not name.startswith("_"):
                yield (owner, keyword, name, text[m.start(1):header_end], "")
            members_public = keyword == "protocol" and is_public
            # The cases of an enum are as visible as the enum; its other members are internal by default.
            scope_kind = "internal enum" if keyword == "enum" and not is_public else keyword
            if brace >= 0 and brace <= header_end + 1:
                stack.append((full, scope_kind, members_public))
                i = brace + 1
                at_start = True
            else:
                i = header_end
            continue
        if scope[1] == "protocol" or (scope[1] == "enum" and keyword == "case"):
            is_public = is_public or scope[2] or scope[1] == "enum" and public_enum(stack)
        if keyword in ("func", "subscript") or keyword.startswith("init"):
            name = callable_name(keyword, rest)
        elif keyword == "case":
            if is_public and owner:
                for part in split_top(rest.split("{")[0]):
                    nm = re.match(r"\s*`?(\w+)", part)
                    if nm:
                        yield (owner, "case", nm.group(1), part.strip(), "")
            i = header_end
            continue
        else:
            nm = re.match(r"`?(\w+)", rest)
            name = nm.group(1) if nm else None
        # The declaration's body, if any, is skipped without recording what is inside.
        brace = text.find("{", header_end)
        has_body = brace == header_end or (brace > 0 and text[header_end:brace].strip() == "")
        if name and is_public and not name.startswith("_"):
            accessors = text[brace:balanced(text, brace, "{", "}")] if has_body and keyword in ("var", "subscript") else ""
            yield (owner, keyword.rstrip("?!"), name, text[m.start(1):header_end], accessors)
        if has_body:
            if keyword in ("var", "let", "subscript"):
                stack.append((None, "block", False))
                i = brace + 1
            else:
                i = balanced(text, brace, "{", "}")
            at_start = True
        else:
            i = header_end


def public_enum(stack):
    return stack[-1][2] or True


def header_limit(text, start):
    """End of a declaration header: the first `{` or line end outside brackets (with
    parameter lists and generic clauses allowed to span lines)."""
    depth = 0
    k = start
    while k < len(text):
        ch = text[k]
        if ch in "([<":
            depth += 1
        elif ch in ")]" or (ch == ">" and text[k - 1] != "-"):
            depth = max(0, depth - 1)
        elif ch == "{" and depth == 0:
            return k
        elif ch == "\n" and depth == 0:
            # A header continues on the next line when it ends with an operator-like token.
            nxt = text[k + 1:].lstrip(" \t")
            if nxt.startswith(("where", "->", "throws", "rethrows", "async", ".", ":", ",", "&")):
                k += 1
                continue
            return k
        elif ch == "=" and depth == 0 and text[k - 1] not in "=!<>-" and text[k + 1] not in "=>":
            return k
        k += 1
    return k

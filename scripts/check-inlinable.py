#!/usr/bin/env python3
"""Checks that the generic code other packages call per event can be specialized in their
plain `swift build -c release` (no -cross-module-optimization).

Swift specializes a generic function for the caller's types only if it can see its body. Without
cross-module optimization it sees the body only of `@inlinable` code, and inlinable code may use
only public or `@usableFromInline` declarations. A release build of a package that depends on
Signals therefore ran every operator unspecialized, looking up generic metadata at run time on
every hop: 48x the instructions per event of a map -> filter -> map chain (Benchmarks/lock-ab.sh,
2026-11-25), 2.46x per daemon request (BENCHMARKS.md, issue 18).

So in the files checked here every function, initializer and computed property is `@inlinable`,
and every internal type, stored property and type alias is `@usableFromInline` (private members
are internal instead, which they must be to be used from inlinable code). Not covered: deinit
(never inlinable) and protocol requirements.

    python3 scripts/check-inlinable.py          # lists what lacks the attribute; exit 1 if any
    python3 scripts/check-inlinable.py --fix    # adds the attributes (then build and review)

The reading is line-based and made for this code base's layout: one declaration per line, type
bodies opened on the declaration's line or the next.
"""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# Every file of the reactive core, and the Host builders that a catalog calls per request.
CHECKED_DIRS = ["Sources/Signals"]
CHECKED_FILES = [
    "Sources/Host/Interface/InputDefinition.swift",
    "Sources/Host/Interface/OutputDefinition.swift",
    "Sources/Host/Interface/Param.swift",
]

TYPE_DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*((?:public|internal|private|fileprivate|open)\s+)?"
    r"((?:final |indirect )*)(class|struct|enum|protocol|extension|actor)\b"
)
MEMBER_DECL = re.compile(
    r"^(\s*)((?:@\w+(?:\([^)]*\))?\s+)*)"
    r"((?:public |internal |private |fileprivate |open |private\(set\) )*)"
    r"((?:static |class |final |convenience |override |mutating |nonmutating |required |lazy |weak "
    r"|unowned |borrowing |consuming )*)(func|init|var|let|subscript|typealias)\b(.*)$"
)
ATTRIBUTE_LINE = re.compile(r"^\s*(@\w+(\([^)]*\))?\s*)+$")


def is_computed(kind, rest):
    """A `var` whose declaration line opens a body (and has no initial value) is computed."""
    return kind == "var" and "{" in rest and ":" in rest and "=" not in rest.split("{")[0]


def needed_attribute(line, out):
    """What `line`, a declaration inside a type or at file level, lacks; and its fixed text."""
    stripped = line.strip()
    attributes_above = []
    k = len(out)
    while k > 0 and ATTRIBUTE_LINE.match(out[k - 1]):
        attributes_above.append(out[k - 1])
        k -= 1
    if any("@inlinable" in a or "@usableFromInline" in a for a in attributes_above + [line]):
        return None, line
    type_match = TYPE_DECL.match(line)
    if type_match:
        access = (type_match.group(1) or "").strip()
        if type_match.group(3) == "extension" or access in ("public", "open"):
            return None, line
        fixed = line.replace(access + " ", "", 1) if access in ("private", "fileprivate") else line
        return "@usableFromInline", fixed
    member = MEMBER_DECL.match(line)
    if not member:
        return None, line
    _, _, access, modifiers, kind, rest = member.groups()
    access = access.strip()
    private = access in ("private", "fileprivate", "private(set)")
    fixed = line.replace(member.group(3), "", 1) if private else line
    if kind in ("let", "var") and not is_computed(kind, rest):
        return (None, line) if access.startswith("public") else ("@usableFromInline", fixed)
    if kind == "typealias":
        return (None, line) if access.startswith("public") else ("@usableFromInline", fixed)
    if "lazy" in modifiers:
        return None, line
    return "@inlinable", fixed


def process(path, fix):
    lines = open(path).read().split("\n")
    out, missing = [], []
    stack, pending = [], None  # block kinds: "type", "protocol", "code"
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        top = stack[-1] if stack else "type"
        if top == "type" and not stripped.startswith("//"):
            attribute, fixed = needed_attribute(line, out)
            if attribute:
                missing.append((number, attribute, stripped))
                if fix:
                    out.append(re.match(r"^(\s*)", line).group(1) + attribute)
                    line = fixed
        out.append(line)
        if top == "type" and TYPE_DECL.match(line) and not stripped.startswith("//"):
            pending = "protocol" if TYPE_DECL.match(line).group(3) == "protocol" else "type"
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', line.split("//")[0])
        for ch in code:
            if ch == "{":
                stack.append(pending or "code")
                pending = None
            elif ch == "}" and stack:
                stack.pop()
    if fix and missing:
        open(path, "w").write("\n".join(out))
    return missing


def main():
    fix = "--fix" in sys.argv[1:]
    paths = [os.path.join(ROOT, f) for f in CHECKED_FILES]
    for directory in CHECKED_DIRS:
        for base, _, names in os.walk(os.path.join(ROOT, directory)):
            paths += [os.path.join(base, n) for n in names if n.endswith(".swift")]
    total = 0
    for path in sorted(paths):
        for number, attribute, text in process(path, fix):
            total += 1
            print(f"{os.path.relpath(path, ROOT)}:{number}: {'added' if fix else 'needs'} {attribute}: {text}")
    checked = f"{len(paths)} files"
    if total and not fix:
        print(f"check-inlinable: {total} declarations lack @inlinable/@usableFromInline in {checked}", file=sys.stderr)
        return 1
    print(f"check-inlinable: {checked} checked, {total} {'fixed' if fix else 'missing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

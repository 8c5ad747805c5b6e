"""The documentation against the repository: the architecture page names every package and
only packages that exist, the README stays a five-minute read, and no relative link is dead."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
README = ROOT / "README.md"
SHARED = ROOT.parent / "shared"
TOP_PACKAGES = ("strips_model", "translator")
README_MAX_LINES = 250

_BACKTICKED_PACKAGE = re.compile(r"`((?:strips_model|translator)(?:\.[A-Za-z_][A-Za-z0-9_]*)*)`")
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def _packages() -> set[str]:
    """Every folder of the two top packages that holds an __init__.py, as a dotted name."""
    found = set()
    for top in TOP_PACKAGES:
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def _pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def _links(text: str) -> list[str]:
    """Link targets outside code blocks and code spans."""
    prose = _INLINE_CODE.sub("", _FENCE.sub("", text))
    return _LINK.findall(prose)


def _anchors(text: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lowercase, punctuation dropped, spaces as
    hyphens; and the explicit `<a id="..."></a>` anchors."""
    headings = _HEADING.findall(_FENCE.sub("", text))
    explicit = set(re.findall(r'<a id="([^"]+)"></a>', text))
    return explicit | {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
                       for heading in headings}


def _is_relative(target: str) -> bool:
    return not (target.startswith("#") or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target))


def test_packages_found() -> None:
    assert {"strips_model", "translator", "translator.cli"} <= _packages()


def test_architecture_names_only_packages() -> None:
    named = set(_BACKTICKED_PACKAGE.findall(ARCHITECTURE.read_text(encoding="utf-8")))
    unknown = sorted(named - _packages())
    assert not unknown, f"docs/architecture.md names packages that do not exist: {unknown}"


def test_architecture_names_every_package() -> None:
    named = set(_BACKTICKED_PACKAGE.findall(ARCHITECTURE.read_text(encoding="utf-8")))
    missing = sorted(_packages() - named)
    assert not missing, f"docs/architecture.md does not name these packages: {missing}"


_PACKAGE_ENTRY = re.compile(r"^(?:- )?\*\*`((?:strips_model|translator)[A-Za-z0-9_.]*)`\*\*",
                            re.MULTILINE)


def _package_entries(text: str) -> dict[str, str]:
    """Each package's paragraph (or list item) in "The packages", from its bold name to the
    next one."""
    starts = list(_PACKAGE_ENTRY.finditer(text))
    ends = [match.start() for match in starts[1:]] + [text.find("\n## ", starts[-1].start())]
    return {match.group(1): text[match.start():end] for match, end in zip(starts, ends,
                                                                          strict=True)}


def _modules() -> list[Path]:
    """Every module of the two top packages but the packages' own __init__.py."""
    return sorted(path for top in TOP_PACKAGES for path in (ROOT / top).rglob("*.py")
                  if path.name != "__init__.py")


def _unnamed_modules(text: str) -> list[str]:
    """Modules named neither by their path anywhere on the page nor by their file name in
    their package's entry."""
    entries = _package_entries(text)
    code = "\n".join(_INLINE_CODE.findall(text))
    missing = []
    for path in _modules():
        relative = path.relative_to(ROOT)
        package = ".".join(relative.parent.parts)
        entry_code = " ".join(_INLINE_CODE.findall(entries.get(package, "")))
        if str(relative) not in code and not re.search(rf"\b{re.escape(path.name)}\b",
                                                        entry_code):
            missing.append(str(relative))
    return missing


def test_module_naming_rule() -> None:
    text = ("**`translator.a`**: `one.py`.\n\n- **`translator.a.b`**: `two.py`.\n"
            "See `translator/cli/main.py`.\n\n## Next\n")
    entries = _package_entries(text)
    assert set(entries) == {"translator.a", "translator.a.b"}
    assert "`two.py`" in entries["translator.a.b"] and "two" not in entries["translator.a"]


def test_architecture_names_every_module() -> None:
    missing = _unnamed_modules(ARCHITECTURE.read_text(encoding="utf-8"))
    assert not missing, ("docs/architecture.md names neither the path nor, in its package's "
                         f"entry, the file of these modules: {missing}")


def test_readme_is_short() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines, at most {README_MAX_LINES}"


def test_link_extraction() -> None:
    text = ("[a](docs/a.md) ![b](b.png#x) [c](https://x.org) [d](#top)\n"
            "`[e](e.md)`\n```\n[f](f.md)\n```\n")
    assert [t for t in _links(text) if _is_relative(t)] == ["docs/a.md", "b.png#x"]


def test_anchors() -> None:
    assert _anchors("# The life of a `compare`\n## Every plan: `helltaker plans`\n") == {
        "the-life-of-a-compare", "every-plan-helltaker-plans"}


def test_relative_links_point_to_files() -> None:
    dead = []
    for page in _pages():
        for target in _links(page.read_text(encoding="utf-8")):
            if target.startswith("#") and \
                    target[1:] not in _anchors(page.read_text(encoding="utf-8")):
                # A link within the page (issue 30: `#argument-orders` had no heading).
                dead.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
            if not _is_relative(target):
                continue
            file, _, anchor = target.partition("#")
            path = (page.parent / file).resolve()
            if path.exists():
                if anchor and path.suffix == ".md" and \
                        anchor not in _anchors(path.read_text(encoding="utf-8")):
                    dead.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
                continue
            if not SHARED.exists() and path.is_relative_to(SHARED.resolve()):
                continue  # ../shared is the course's folder, beside the repo when present
            dead.append(f"{page.relative_to(ROOT)}: {target}")
    assert not dead, "dead relative links:\n" + "\n".join(dead)


_SOURCE_PATH = re.compile(
    r"\b((?:strips_model|translator|tests)/[\w/.-]*\.(?:py|lark|strips|lp|toml))\b")


def test_source_files_named_in_the_docs_exist() -> None:
    # A module renamed or folded leaves its old name in the pages (and docstrings) that
    # explain it: caught here.
    sources = [*ROOT.glob("translator/**/*.py"), *ROOT.glob("strips_model/**/*.py"),
               *ROOT.glob("tests/**/*.py")]
    stale = [f"{page.relative_to(ROOT)}: {path}"
             for page in [*_pages(), *sources]
             for path in sorted(set(_SOURCE_PATH.findall(page.read_text(encoding="utf-8"))))
             if not (ROOT / path).exists()]
    assert not stale, "source files named in the docs that do not exist:\n" + "\n".join(stale)


_MODULE_NAME = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[a-z_][a-z0-9_]*\.py)\b")
FOREIGN_MODULES = {"driver/returncodes.py": "Fast Downward's driver, whose exit codes we read"}
"""Modules of other projects that docstrings name on purpose, each with why."""


def _docstrings(path: Path) -> list[str]:
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = (node for node in ast.walk(tree) if isinstance(
        node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef))
    return [text for node in nodes if (text := ast.get_docstring(node))]


def test_docstrings_name_only_modules_that_exist() -> None:
    # A docstring may name a module by its file name alone (`report_init.py`): that file must
    # still be a module of the repository (found anywhere in it), or a foreign one on purpose.
    sources = [*ROOT.glob("translator/**/*.py"), *ROOT.glob("strips_model/**/*.py")]
    names = {path.name for path in sources}
    relative = {str(path.relative_to(ROOT)) for path in [*sources, *ROOT.glob("tests/**/*.py")]}
    stale = [f"{path.relative_to(ROOT)}: {named}"
             for path in sources for text in _docstrings(path)
             for named in sorted(set(_MODULE_NAME.findall(text)))
             if named not in FOREIGN_MODULES and not (
                 named.split("/")[-1] in names if "/" not in named
                 else any(known.endswith(named) for known in relative))]
    assert not stale, "modules named in docstrings that do not exist:\n" + "\n".join(stale)


def test_the_docstring_check_sees_a_stale_name(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Read by vanished_module.py, then by models/ours.py."""\n',
                      encoding="utf-8")
    found = [name for text in _docstrings(module) for name in _MODULE_NAME.findall(text)]
    assert found == ["vanished_module.py", "models/ours.py"]

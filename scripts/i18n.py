"""The translation catalogues' workflow, with Babel's own tools.

    python scripts/i18n.py extract   # pybabel extract (babel.cfg) -> projections/locale/messages.pot
    python scripts/i18n.py update    # pybabel update: the .pot's ids into pt_BR and es .po files
    python scripts/i18n.py merge [FILE.json|DIR ...]   # fold translations into the .po files
    python scripts/i18n.py compile   # pybabel compile: .po -> .mo (committed: no build step)
    python scripts/i18n.py check     # what the code uses that a catalogue doesn't translate
    python scripts/i18n.py all [FILE.json|DIR ...]     # extract, update, merge, compile, check

To add a message: write it in the code as ``msg("…")`` / ``msg_n("…", "…", n)`` (or ``_``/
``gettext`` where that is the module's way), run ``extract`` and ``update``, translate the
new entries of ``projections/locale/{pt_BR,es}/LC_MESSAGES/messages.po`` (or write them as
JSON and ``merge``), then ``compile``, and commit the .pot, the .po and the .mo files.

``merge`` reads JSON files (default: every ``*.json`` in ``/work/notes/i18n`` or
``$REFEREE_I18N_JSON``) of the form ``{"<msgid>": {"pt_BR": "…", "es": "…"}}``, or for a
plural ``{"<singular>": {"plural": "<plural>", "pt_BR": ["…", "…"], "es": ["…", "…"]}}``. It
fills an entry that is empty or fuzzy, never replaces a translation the .po already has
(``--overwrite`` does, and every conflict is listed either way), and never drops an entry.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog, Message  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from projections.i18n import CATALOGUES, DOMAIN, LOCALE_DIR, needs_entry, placeholders  # noqa: E402

MAPPING = ROOT / "babel.cfg"
POT = LOCALE_DIR / f"{DOMAIN}.pot"
LOCALES = tuple(CATALOGUES.values())                 # the catalogue dirs: pt_BR, es
# Beyond Babel's default keywords (_, gettext, ngettext:1,2, N_ ...): the engine's messages.
EXTRA_KEYWORDS = {"msg": None, "msg_n": (1, 2)}
KEYWORD_ARGS = ["-k", "msg", "-k", "msg_n:1,2"]
COMMENT_TAG = "TRANSLATORS:"
# gettext's plural rules of the languages served (CLDR's, that Babel would write, add a
# third form for millions that nobody writes in a referee's sentence).
PLURAL_FORMS = {"pt_BR": "nplurals=2; plural=(n > 1);", "es": "nplurals=2; plural=(n != 1);"}
DEFAULT_JSON_DIR = Path(os.environ.get("REFEREE_I18N_JSON", "/work/notes/i18n"))
PROJECT = "pokemon-referee"


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.mo"


def pybabel(*args: str) -> None:
    """Run a ``pybabel`` command (Babel's own command line, in this interpreter)."""
    status = CommandLineInterface().run(["pybabel", *args])
    if status:
        raise SystemExit(f"pybabel {args[0]} failed ({status})")


# ---------------------------------------------------------------------- extract

def extract() -> None:
    previous = os.getcwd()
    os.chdir(ROOT)                       # babel.cfg's paths are relative to the repository
    try:
        pybabel("extract", "-F", str(MAPPING), *KEYWORD_ARGS, "-c", COMMENT_TAG,
                "--add-location=file", "--sort-output", "--no-wrap", f"--project={PROJECT}",
                "--version=1", "-o", str(POT.relative_to(ROOT)), ".")
    finally:
        os.chdir(previous)


def extracted_messages() -> dict[str | tuple[str, str], list[str]]:
    """Every message id the code and the rule documents use (Babel's extraction, as
    ``extract`` runs it: babel.cfg and the same keywords): the id (a ``(singular,
    plural)`` pair for a plural) -> the files using it."""
    with open(MAPPING, encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING))
    keywords = {**DEFAULT_KEYWORDS, **EXTRA_KEYWORDS}
    found: dict[str | tuple[str, str], list[str]] = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords,
            directory_filter=_directory_filter):
        key: str | tuple[str, str]
        if isinstance(message, tuple | list):
            key = (message[0], message[1]) if len(message) > 1 and message[1] else message[0]
        else:
            key = message
        if not (key[0] if isinstance(key, tuple) else key):
            continue
        found.setdefault(key, []).append(filename)
    return found


def _directory_filter(dirpath: str) -> bool:
    """The directories ``pybabel extract`` skips by default (``--ignore-dirs='.* ._'``)."""
    name = os.path.basename(dirpath)
    return not (name.startswith(".") or name == "._")


# ---------------------------------------------------------------------- update

def new_catalogue(locale: str) -> Catalog:
    catalogue = Catalog(locale=locale, domain=DOMAIN, project=PROJECT, version="1",
                        fuzzy=False)
    catalogue.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    return catalogue


def update() -> None:
    for locale in LOCALES:
        path = po_path(locale)
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_po(path, new_catalogue(locale))
        pybabel("update", "-i", str(POT), "-o", str(path), "-l", locale, "-D", DOMAIN,
                "--no-fuzzy-matching", "--no-wrap", "--ignore-pot-creation-date")
        _fix_header(locale)


def _read_po(path: Path, locale: str) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def _write_po(path: Path, catalogue: Catalog) -> None:
    with open(path, "wb") as handle:
        write_po(handle, catalogue, width=None, include_previous=False, sort_output=True)


def _fix_header(locale: str) -> None:
    """The plural rule of the language (PLURAL_FORMS), and never a fuzzy header."""
    path = po_path(locale)
    catalogue = _read_po(path, locale)
    if catalogue.plural_forms != PLURAL_FORMS[locale] or catalogue.fuzzy:
        catalogue.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
        catalogue.fuzzy = False
        _write_po(path, catalogue)


# ---------------------------------------------------------------------- merge

def json_files(paths: Iterable[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths or [str(DEFAULT_JSON_DIR)]:
        path = Path(name)
        files.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    return files


def load_translations(files: Iterable[Path]) -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {}
    for path in files:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        for msgid, entry in data.items():
            if not isinstance(entry, dict):
                raise SystemExit(f"{path}: {msgid!r} is not an object")
            merged.setdefault(msgid, {}).update(entry)
    return merged


def merge(paths: Iterable[str] = (), overwrite: bool = False) -> list[str]:
    """Fold the JSON translations into the .po files; the conflicts (a .po translation that
    differs from the JSON's), which were kept unless ``overwrite``."""
    translations = load_translations(json_files(paths))
    conflicts: list[str] = []
    for locale in LOCALES:
        path = po_path(locale)
        catalogue = _read_po(path, locale) if path.exists() else new_catalogue(locale)
        changed = 0
        for msgid, entry in translations.items():
            given = entry.get(locale)
            if given is None:
                continue
            key: str | tuple[str, str] = (msgid, entry["plural"]) if entry.get("plural") else msgid
            string: str | tuple[str, ...] = tuple(given) if isinstance(given, list) else given
            changed += _merge_one(catalogue, key, string, overwrite, conflicts, locale)
        if changed:
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_po(path, catalogue)
        print(f"{locale}: {changed} translation(s) merged", file=sys.stderr)
    return conflicts


def _merge_one(catalogue: Catalog, key: str | tuple[str, str], string: str | tuple[str, ...],
               overwrite: bool, conflicts: list[str], locale: str) -> int:
    msgid = key[0] if isinstance(key, tuple) else key
    if not _has_text(string):
        return 0
    existing = catalogue.get(msgid)
    if existing is None and msgid in catalogue.obsolete:
        existing = catalogue.obsolete.pop(msgid)
        catalogue[msgid] = existing
    if existing is None:
        catalogue.add(key, string)
        return 1
    if existing.string == string and not existing.fuzzy:
        return 0
    if _has_text(existing.string) and not existing.fuzzy and existing.string != string:
        conflicts.append(f"{locale}: {msgid!r}: the .po has {existing.string!r}, "
                         f"the JSON {string!r}")
        if not overwrite:
            return 0
    if isinstance(key, tuple) and not isinstance(existing.id, tuple | list):
        existing.id = key
    existing.string = string
    existing.flags.discard("fuzzy")
    return 1


def _has_text(string: Any) -> bool:
    if isinstance(string, tuple | list):
        return bool(string) and all(isinstance(s, str) and s.strip() for s in string)
    return isinstance(string, str) and bool(string.strip())


# ---------------------------------------------------------------------- compile

def compile_catalogues() -> None:
    pybabel("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN, "--statistics")


def compiled(locale: str) -> bytes:
    """The .mo that ``pybabel compile`` makes of the committed .po (what the committed .mo
    must be)."""
    buffer = BytesIO()
    write_mo(buffer, _read_po(po_path(locale), locale))
    return buffer.getvalue()


# ---------------------------------------------------------------------- check

def untranslated(ids: Iterable[str | tuple[str, str]], catalogue: Catalog) -> Iterator[str]:
    """Why each of ``ids`` (a msgid, or ``(singular, plural)``) is not translated in
    ``catalogue``: missing, empty, fuzzy, not a plural, or with other placeholders."""
    for key in ids:
        msgid = key[0] if isinstance(key, tuple) else key
        if not needs_entry(msgid) and not isinstance(key, tuple):
            continue
        message = catalogue.get(msgid)
        problem = _problem(key, message, catalogue.num_plurals)
        if problem:
            yield f"{msgid!r}: {problem}"


def _problem(key: str | tuple[str, str], message: Message | None, forms: int) -> str | None:
    if message is None:
        return "no entry"
    if message.fuzzy:
        return "fuzzy"
    if isinstance(key, tuple):
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if not isinstance(message.id, tuple | list):
            return "not a plural entry"
        if len(strings) != forms or not all(s and s.strip() for s in strings):
            return f"needs {forms} non-empty plural forms"
        english = placeholders(key[0]) | placeholders(key[1])
        for n, form in enumerate(strings):
            own = placeholders(key[0] if n == 0 else key[1]) - {"num"}
            if not (own <= placeholders(form) <= english):
                return f"plural form {n} has placeholders {sorted(placeholders(form))}, " \
                       f"not those of {sorted(english)}"
        return None
    string = message.string
    if not isinstance(string, str) or not string.strip():
        return "empty"
    if placeholders(string) != placeholders(key):
        return f"placeholders {sorted(placeholders(string))}, not {sorted(placeholders(key))}"
    return _format_problem(string, key)


def _format_problem(string: str, msgid: str) -> str | None:
    """A translation must format with the values its id formats with (no stray ``%``)."""
    names = placeholders(msgid)
    if not names:
        return None
    try:
        string % {name: "x" for name in names}
    except (KeyError, ValueError, TypeError) as exc:
        return f"does not format: {exc}"
    return None


def check() -> int:
    ids = list(extracted_messages())
    failures = 0
    for locale in LOCALES:
        problems = list(untranslated(ids, _read_po(po_path(locale), locale)))
        failures += len(problems)
        print(f"{locale}: {len(problems)} of {len(ids)} message(s) not translated", file=sys.stderr)
        for problem in problems[:200]:
            print(f"  {problem}", file=sys.stderr)
    return 1 if failures else 0


# ---------------------------------------------------------------------- command line

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=["extract", "update", "merge", "compile", "check", "all"])
    parser.add_argument("json", nargs="*", help="merge: JSON files or directories "
                                               f"(default {DEFAULT_JSON_DIR})")
    parser.add_argument("--overwrite", action="store_true",
                        help="merge: a JSON translation replaces the .po's")
    args = parser.parse_args(argv)
    if args.step in ("extract", "all"):
        extract()
    if args.step in ("update", "all"):
        update()
    if args.step in ("merge", "all"):
        for conflict in merge(args.json, overwrite=args.overwrite):
            print(f"conflict: {conflict}", file=sys.stderr)
    if args.step in ("compile", "all"):
        compile_catalogues()
    if args.step in ("check", "all"):
        return check()
    return 0


if __name__ == "__main__":
    sys.exit(main())

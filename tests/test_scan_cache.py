"""The facts cache (scan.cache): an unchanged file is hashed, not parsed; a damaged entry is parsed again."""

from __future__ import annotations

from pathlib import Path

import pytest

import reviewer.scan as scan_module
import reviewer.scan.cache as cache_module
from reviewer.config import Config
from reviewer.scan import scan_paths, scan_repository
from reviewer.scan.cache import FactsCache, facts_key

FILES = {
    "app.py": "def total(items):\n    return sum(i.price for i in items)\n",
    "util.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
    "latin.py": b"s = '\xe9'\n",
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    for name, content in FILES.items():
        path = tmp_path / "repo" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return tmp_path / "repo"


def scan(repo: Path, folder: Path, **kwargs):
    return scan_repository(repo, Config(), workers=1, facts_cache=folder, **kwargs)


def dumped(result):
    return result.model_dump(exclude={"seconds"})


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*/*.json"))


def no_parsing(monkeypatch):
    def refuse(path, data, language):
        raise AssertionError(f"{path} parsed again")

    monkeypatch.setattr(scan_module, "extract_file", refuse)


def test_a_second_scan_parses_nothing_and_gives_the_same_facts(repo, tmp_path, monkeypatch):
    folder = tmp_path / "facts"
    first = scan(repo, folder)
    assert dumped(first) == dumped(scan_repository(repo, Config(), workers=1))  # the cache changes nothing
    assert len(entries(folder)) == 3
    assert first.warnings == ["latin.py: non-UTF-8 bytes replaced"]
    no_parsing(monkeypatch)
    assert dumped(scan(repo, folder)) == dumped(first)


def test_a_changed_file_is_parsed_again_and_its_old_entry_pruned(repo, tmp_path):
    folder = tmp_path / "facts"
    scan(repo, folder)
    before = set(entries(folder))
    (repo / "app.py").write_text("def total(items):\n    return 0\n")
    result = scan(repo, folder)
    assert next(f for f in result.files if f.path == "app.py").symbols[0].behaviour.jobs == []
    after = set(entries(folder))
    assert len(after) == 3 and len(after - before) == 1


def test_scanning_some_paths_keeps_the_other_entries(repo, tmp_path):
    folder = tmp_path / "facts"
    scan(repo, folder)
    scan_paths(repo, Config(), ["app.py"], workers=1, facts_cache=folder)
    assert len(entries(folder)) == 3


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"path": "app.py"}', b"[]", b"x\x01 cut short", None,
                                    "a line that is no number", "hashes that are no hashes"])
def test_a_damaged_entry_is_parsed_again_and_rewritten(repo, tmp_path, damage):
    import json
    import zlib

    folder = tmp_path / "facts"
    first = scan(repo, folder)
    for entry in entries(folder):
        if damage is None:  # valid facts, but of another file
            other = entries(folder)[0] if entry != entries(folder)[0] else entries(folder)[1]
            entry.write_bytes(other.read_bytes())
        elif isinstance(damage, str):  # the facts' shape, a value of another type (read back without validation)
            data = json.loads(zlib.decompress(entry.read_bytes()))
            data.update({"suppressions": {"one": []}} if damage.startswith("a line") else {"module_line_hashes": [-1]})
            entry.write_bytes(zlib.compress(json.dumps(data).encode()))
        else:
            entry.write_bytes(damage)
    assert dumped(scan(repo, folder)) == dumped(first)
    cache = FactsCache(folder)
    for facts in first.files:
        assert cache.get(facts_key(facts.path, facts.sha256, facts.language), facts.path, facts.sha256) == facts
    assert cache.hits == 3


def test_entries_are_compressed_and_an_uncompressed_one_still_reads(repo, tmp_path, monkeypatch):
    """An entry holds the facts' JSON compressed (a sixth of it on a large file); one written plain
    (by an older version) is read as it is, not parsed again."""
    import zlib

    folder = tmp_path / "facts"
    first = scan(repo, folder)
    app = next(f for f in first.files if f.path == "app.py")
    entry = folder / facts_key(app.path, app.sha256, app.language)[:2] / f"{facts_key(app.path, app.sha256, app.language)}.json"
    stored = entry.read_bytes()
    plain = zlib.decompress(stored)
    assert plain == app.model_dump_json().encode() and len(stored) < len(plain)
    entry.write_bytes(plain)  # as an older version wrote it
    no_parsing(monkeypatch)
    assert dumped(scan(repo, folder)) == dumped(first)


def test_a_new_scanner_version_parses_again(repo, tmp_path, monkeypatch):
    folder = tmp_path / "facts"
    scan(repo, folder)
    monkeypatch.setattr(cache_module, "SCANNER_VERSION", cache_module.SCANNER_VERSION + 1)
    cache_module._version.cache_clear()
    try:
        parsed: list[str] = []
        real_extract = scan_module.extract_file

        def counting(path, data, language):
            parsed.append(path)
            return real_extract(path, data, language)

        monkeypatch.setattr(scan_module, "extract_file", counting)
        scan(repo, folder)
        assert sorted(parsed) == ["app.py", "latin.py", "util.ts"]
        assert len(entries(folder)) == 3  # the old version's entries were pruned
    finally:
        cache_module._version.cache_clear()


def test_facts_read_back_share_one_field_set_per_model_and_stay_the_same(repo, tmp_path):
    """The records read from the cache share their model's set of field names (not a set each: a
    third of a large repository's facts), and every view of them reads as before."""
    from reviewer.schema.facts import FileFacts, Symbol

    folder = tmp_path / "facts"
    fresh = scan(repo, folder)
    cached = scan(repo, folder)
    symbols = [s for f in cached.files for s in f.symbols]
    assert len(symbols) >= 2
    assert len({id(s.__pydantic_fields_set__) for s in symbols}) == 1
    assert len({id(f.__pydantic_fields_set__) for f in cached.files}) == 1
    assert symbols[0].model_fields_set == set(Symbol.model_fields)
    assert dumped(cached) == dumped(fresh)
    facts = cached.files[0]
    assert facts.model_dump(exclude_unset=True) == facts.model_dump()
    copy = facts.model_copy(update={"lines": 99})  # a copy and an assignment leave the others as they were
    copy.symbols = []
    facts.path = facts.path
    assert FileFacts.model_fields.keys() == facts.model_fields_set == copy.model_fields_set
    assert cached.files[1].model_fields_set == set(FileFacts.model_fields)


def test_the_hashes_of_the_facts_are_machine_integer_arrays_and_dump_as_lists(repo, tmp_path):
    """Shingles and line hashes (millions in a large repository) are held 4 or 8 bytes each, whether
    the file was parsed here or read from the cache; a dump gives lists of integers, JSON the base64
    of their little-endian bytes (read in C, no Python int per hash), and a list still reads."""
    import base64
    import json
    import struct
    from array import array

    from reviewer.schema.facts import Symbol

    folder = tmp_path / "facts"
    for result in (scan(repo, folder), scan(repo, folder)):
        total = next(s for f in result.files for s in f.symbols if s.name == "total")
        assert type(total.shingles) is array and total.shingles.typecode == "I" and len(total.shingles)
        assert total.structure.alpha_grams.typecode == "Q" and total.structure.line_hashes.typecode == "I"
        assert type(result.files[0].module_line_hashes) is array
        dumped_symbol = total.model_dump()
        assert dumped_symbol["shingles"] == total.shingles.tolist()
        assert type(dumped_symbol["structure"]["line_hashes"]) is list
        as_json = json.loads(total.model_dump_json())
        packed = base64.b64decode(as_json["shingles"])
        assert list(struct.unpack(f"<{len(total.shingles)}I", packed)) == total.shingles.tolist()
        wide = base64.b64decode(as_json["structure"]["alpha_grams"])
        assert list(struct.unpack(f"<{len(wide) // 8}Q", wide)) == total.structure.alpha_grams.tolist()
        assert Symbol.model_validate_json(total.model_dump_json()) == total
        assert Symbol.model_validate({**dumped_symbol, "shingles": total.shingles.tolist()}) == total

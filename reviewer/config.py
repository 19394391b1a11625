"""`.reviewer.yml` or `[tool.reviewer]` in pyproject.toml: pydantic models, defaults,
and errors that name the key.

Every field has a default, so no file is needed. Both files take the same keys; when
both exist `.reviewer.yml` wins (it is the tool's own file) and `config_note` says so. Secrets never live here:
the API key comes from the ANTHROPIC_API_KEY environment variable only.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import UserError
from .schema.axes import AXES

CONFIG_FILENAME = ".reviewer.yml"
PYPROJECT = "pyproject.toml"
Axis = Literal[AXES]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_default=True)


class ScanConfig(_Strict):
    include: list[str] = Field(default_factory=list)  # globs; empty means every file
    exclude: list[str] = Field(default_factory=list)  # globs, on top of the built-in skips
    max_file_bytes: int = Field(default=1_000_000, gt=0)
    respect_gitignore: bool = True
    follow_symlinks: bool = True  # links that stay inside the repository; outside or looping ones are skipped


class Pricing(_Strict):
    """US dollars per million tokens."""

    input: float = Field(ge=0)
    output: float = Field(ge=0)
    cache_write: float = Field(ge=0)
    cache_read: float = Field(ge=0)


def _default_pricing() -> dict[str, Pricing]:
    return {
        # Anthropic's published list prices (2026-11); cache_write is the 5-minute rate.
        "claude-sonnet-5-5": Pricing(input=2.0, output=10.0, cache_write=2.50, cache_read=0.20),
        "claude-sonnet-4-6": Pricing(input=3.0, output=15.0, cache_write=3.75, cache_read=0.30),
        "claude-sonnet-4-5": Pricing(input=3.0, output=15.0, cache_write=3.75, cache_read=0.30),
        "claude-haiku-4-5": Pricing(input=1.0, output=5.0, cache_write=1.25, cache_read=0.10),
    }


class LLMConfig(_Strict):
    # auto: Claude when ANTHROPIC_API_KEY is set and a person at a terminal runs reviewer, else the
    # static reviewer (a key alone never starts a paid run in CI); claude: always Claude (needs the key).
    # "anthropic" is the older name of "claude".
    provider: Literal["auto", "static", "claude", "anthropic"] = "auto"
    model: str = "claude-sonnet-5-5"  # current Sonnet; claude-sonnet-4-5 retires 2026-11-30
    concurrency: int = Field(default=4, ge=1, le=64)
    max_turns: int = Field(default=12, ge=1, le=100)  # tool-use round trips per file
    max_validation_retries: int = Field(default=2, ge=0, le=10)
    max_output_tokens: int = Field(default=8192, ge=256)
    # USD; a run estimated over it does not start (--force-cost), and stops once it is spent. null: no cap
    max_cost: float | None = Field(default=5.0, ge=0)
    # USD; on a terminal, a run estimated over it asks before starting (--yes skips the question). null: never ask
    confirm_over: float | None = Field(default=1.0, ge=0)
    timeout_seconds: float = Field(default=120.0, gt=0)
    pricing: dict[str, Pricing] = Field(default_factory=_default_pricing)

    @field_validator("provider")
    @classmethod
    def _one_name(cls, value: str) -> str:
        return "claude" if value == "anthropic" else value


class RagConfig(_Strict):
    enabled: bool = False
    model: str = "all-MiniLM-L6-v2"
    min_score: float = Field(default=0.6, ge=0, le=1)  # chosen from the dup-pair table (docs/benchmarks.md, rag)
    max_results: int = Field(default=8, ge=1, le=100)
    # s3://bucket/prefix: one index on object storage for every job of a CI matrix (docs/ci.md);
    # credentials and endpoint from the AWS_* environment variables only. null: .reviewer/rag/lancedb
    index_uri: str | None = None

    @field_validator("index_uri")
    @classmethod
    def _object_storage(cls, value: str | None) -> str | None:
        return check_index_uri(value)


def check_index_uri(value: str | None) -> str | None:
    """An S3 URI with a bucket and no secret in it, or None (the local index)."""
    if value is None or value.strip() == "":
        return None
    value = value.strip()
    scheme, _, rest = value.partition("://")
    if scheme not in ("s3", "s3+ddb") or not rest.split("/")[0]:
        raise ValueError("expected s3://bucket/prefix (or s3+ddb://bucket/prefix?ddbTableName=TABLE)")
    if "@" in rest.split("/")[0]:
        raise ValueError("credentials go in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never in the URI")
    return value.rstrip("/")


class AnalysisConfig(_Strict):
    # A verdict whose evidence's own confidence (0-100) is under this is not even a candidate; it
    # stays in the evidence given to the Claude reviewer.
    min_confidence: int = Field(default=70, ge=0, le=100)
    # A verdict whose shown confidence (its rule's measured precision on projects nobody tuned on) is
    # under this is a candidate, listed apart, not a finding. null: the calibration's floor, the lowest
    # confidence band from which every band was 90% right on held-out projects (review/calibration.json).
    finding_floor: int | None = Field(default=None, ge=0, le=100)


class DeclaredRoot(_Strict):
    """Names a tool reads from files by their place (frameworks.FileRoot): `files` a regular expression
    over the repo-relative path, `names` one the whole name matches (null: every top-level name)."""

    files: str
    names: str | None = None
    why: str = ""
    members: bool = False
    exports: bool = False


class DeclaredBase(_Strict):
    """A base class whose subclasses a tool finds (`discovered`) or whose hooks it calls (frameworks.BaseRule)."""

    base: str
    discovered: bool = False
    hooks: list[str] = Field(default_factory=list)
    prefixes: list[str] = Field(default_factory=list)


class DeclaredFramework(_Strict):
    """What the project's own tools read by name, in the format of reviewer/frameworks/ (vulture's
    whitelist, knip's `entry`): always on for this repository."""

    name: str = "declared in the configuration"
    files: list[DeclaredRoot] = Field(default_factory=list)
    bases: list[DeclaredBase] = Field(default_factory=list)
    wrapping_decorators: list[str] = Field(default_factory=list)
    protocol_methods: list[str] = Field(default_factory=list)
    test_fixtures: list[str] = Field(default_factory=list)


class CIConfig(_Strict):
    # needs-refactor, critical, or an axis name: exit 1 when the gate is hit
    fail_on: str | None = None
    baseline: str | None = None
    # findings under this confidence (their rule's measured precision on new projects) are listed but
    # never fail the gate: a bar above analysis.finding_floor, under which verdicts are not findings at all
    min_confidence: int = Field(default=0, ge=0, le=100)


class ReportConfig(_Strict):
    # summary: tests/documentation findings counted in every output, listed one by one only when
    # selected by name (--select documentation); full: listed everywhere; or the list of those to list
    hygiene: Literal["summary", "full"] | list[Literal["tests", "documentation"]] = "summary"
    # GitHub shows 5,000 results per SARIF run; the most important are kept (report.json keeps all)
    max_sarif_results: int = Field(default=5000, ge=1, le=25_000)
    # Rule ids (docs/rules.md; a `*` matches any rest, `duplicate/test-*`): listed only these / never these.
    select_rules: list[str] = Field(default_factory=list)
    ignore_rules: list[str] = Field(default_factory=list)
    sarif_category: str = "reviewer"  # automationDetails.id: one per job, so two jobs never overwrite each other


class Config(_Strict):
    scan: ScanConfig = Field(default_factory=ScanConfig)
    languages: list[Literal["python", "javascript", "typescript", "tsx"]] = Field(
        default_factory=lambda: ["python", "javascript", "typescript", "tsx"]
    )
    llm: LLMConfig = Field(default_factory=LLMConfig)
    rag: RagConfig = Field(default_factory=RagConfig)
    axes: list[Axis] = Field(default_factory=lambda: list(AXES))
    output: str = ".reviewer"
    ci: CIConfig = Field(default_factory=CIConfig)
    analysis: AnalysisConfig = Field(default_factory=AnalysisConfig)
    report: ReportConfig = Field(default_factory=ReportConfig)
    # Like ruff's per-file-ignores: glob -> axes whose findings are dropped there,
    # e.g. {"tests/**": ["documentation"], "**/migrations/**": ["utility"]}
    per_file_ignores: dict[str, list[Axis]] = Field(default_factory=dict)
    # The project's own roots, in the format of a framework module (docs/rules.md, "Declaring roots").
    frameworks: list[DeclaredFramework] = Field(default_factory=list)

    @field_validator("output")
    @classmethod
    def _output_inside(cls, value: str) -> str:
        return check_output(value)

    def fingerprint(self) -> str:
        """A stable digest of what changes review results (enters the review cache key)."""
        import hashlib

        relevant = {
            "axes": self.axes,
            "rag": self.rag.model_dump(exclude={"index_uri"}),  # where the index lives changes no verdict
            # not the provider: the reviewer it picks is a part of the key on its own, and `--llm claude`
            # in CI must reuse what a terminal run (provider auto) paid for
            "llm": {"model": self.llm.model},
            "min_confidence": self.analysis.min_confidence,
            "finding_floor": self.analysis.finding_floor,
            "frameworks": [framework.model_dump() for framework in self.frameworks],
        }
        return hashlib.sha256(repr(sorted(relevant.items())).encode()).hexdigest()[:16]


def check_output(value: str) -> str:
    """`output` names a folder inside the repository that reviewer owns: relative, below
    the root, not the root itself (reviewer prunes and rewrites what it holds)."""
    import posixpath

    text = value.strip().replace("\\", "/")
    if not text:
        raise ValueError("must name a folder inside the repository, such as .reviewer")
    if text.startswith("/") or (len(text) > 1 and text[1] == ":") or text.startswith("~"):
        raise ValueError("must be a relative folder inside the repository, such as .reviewer, not an absolute path")
    if "\0" in text:
        raise ValueError("must not hold a NUL character")
    normal = posixpath.normpath(text)
    if normal in (".", "") or normal == ".." or normal.startswith("../"):
        raise ValueError("must be a folder below the repository root, such as .reviewer (not '.', '..' or above)")
    if normal.split("/")[0] in (".git", ".hg", ".svn"):
        raise ValueError("must not be inside the version-control folder")
    return normal


def api_key() -> str | None:
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    return key or None


def _known_keys(model: type[BaseModel]) -> list[str]:
    return list(model.model_fields)


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The pydantic model that owns the last element of an error location."""
    model: type[BaseModel] = Config
    for part in loc[:-1]:
        field = model.model_fields.get(str(part)) if isinstance(part, str) else None
        if field is None:
            return None
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            model = annotation
        else:
            return None
    return model


def _describe(error: dict[str, Any], source: str) -> str:
    loc = tuple(error["loc"])
    key = ".".join(str(p) for p in loc)
    if error["type"] == "extra_forbidden":
        owner = _model_at(loc)
        hint = ""
        if owner is not None:
            close = difflib.get_close_matches(str(loc[-1]), _known_keys(owner), n=1, cutoff=0.5)
            if close:
                hint = f" (did you mean '{close[0]}'?)"
            else:
                hint = f" (known keys: {', '.join(_known_keys(owner))})"
        return f"unknown key '{key}' in {source}{hint}"
    given = error.get("input")
    shown = repr(given) if not isinstance(given, (dict, list)) else type(given).__name__
    if isinstance(given, str) and "@" in given:
        shown = "a URI with user information, not shown"  # it may hold a secret key
    return f"invalid value for '{key}' in {source}: {error['msg'].lower()} (got {shown})"


def parse_config(data: Any, source: str) -> Config:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise UserError(f"{source} must be a mapping of keys to values, not {type(data).__name__}")
    try:
        return Config.model_validate(data)
    except RecursionError:
        raise UserError(f"{source} is nested too deeply to be a configuration") from None
    except ValidationError as exc:
        raise UserError(_describe(exc.errors()[0], source)) from None


def _pyproject_table(path: Path) -> dict | None:
    """`[tool.reviewer]` of a pyproject.toml, or None when it has none."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"invalid TOML in {path}: {exc}") from None
    table = data.get("tool", {}).get("reviewer")
    return table if table is not None else None


def config_source(root: Path, path: Path | None = None) -> tuple[Path | None, str | None]:
    """Which file configures `root`, and a note when another one was left aside."""
    if path is not None:
        return path, None
    yml, pyproject = root / CONFIG_FILENAME, root / PYPROJECT
    in_pyproject = pyproject.is_file() and _pyproject_table(pyproject) is not None
    if yml.exists():
        note = f"{CONFIG_FILENAME} wins over [tool.reviewer] in {PYPROJECT} (both exist)" if in_pyproject else None
        return yml, note
    return (pyproject, None) if in_pyproject else (None, None)


def load_config(root: Path, path: Path | None = None) -> Config:
    """Read `path`, or `<root>/.reviewer.yml`, or `[tool.reviewer]` of `<root>/pyproject.toml`,
    else the defaults."""
    explicit = path is not None
    if explicit and not path.exists():
        raise UserError(f"config file not found: {path}")
    path, _note = config_source(root, path)
    if path is None:
        return Config()
    shown = str(path.name if path.parent == root else path)
    if path.name == PYPROJECT and path.suffix == ".toml":
        return parse_config(_pyproject_table(path), f"[tool.reviewer] in {shown}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read {path}: {exc}") from None
    try:
        data = yaml.safe_load(text)
    except RecursionError:
        raise UserError(f"invalid YAML in {path}: nested too deeply (keep it to a few levels)") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise UserError(f"invalid YAML in {path}{where}: {problem}") from None
    return parse_config(data, shown)

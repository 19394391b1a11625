"""The rules and the frameworks as text: docs/rules.md (generated: `python -m reviewer.report.rules
> docs/rules.md`; a test fails when the file is stale), `reviewer rule ID` and `reviewer rules PATH`."""

from __future__ import annotations

from typing import Mapping

from ..frameworks import Framework, registry
from ..schema.rules import BY_ID, RULES, Rule, anchor

HEADER = """# Rules

Generated from `reviewer/schema/rules.py` and the framework registry `reviewer/frameworks/`
(`python -m reviewer.report.rules > docs/rules.md`; a test fails when this file is stale).
Every finding names its rule; `--select`/`--ignore`, `# reviewer: ignore[RULE]` and
`reviewer rule RULE` take the ids below. A rule is a general principle: it never names a project.

"""

DECLARING = """## Declaring roots

A repository declares what its own tools read by name with the same fields as a framework
module, under `frameworks:` in `.reviewer.yml` (or `[[tool.reviewer.frameworks]]` in
pyproject.toml); a declaration is always on:

```yaml
frameworks:
  - name: our plugin loader
    files:
      - {files: '(^|/)plugins/[^/]+\\.py$', names: 'register|setup', why: 'loaded by plugins.load()'}
    bases:
      - {base: 'BasePlugin', discovered: true, hooks: [activate, deactivate]}
    wrapping_decorators: [timed]
```

"""


def rule_section(rule: Rule) -> str:
    evidence = f"\n\nEvidence: {rule.evidence}." if rule.evidence else ""
    return f"### {rule.id}\n\n{rule.axis} → {rule.verdict}. {rule.principle}{evidence}\n"


def _framework_section(framework: Framework) -> str:
    enabled = ", ".join(f"`{e}`" for e in framework.enabled_by) or "always on"
    lines = [f"### {framework.name}", "", f"On when: {enabled}. Source: <{framework.docs}>.", ""]
    for root in framework.files:
        names = f"names `{root.names}`" if root.names else "every top-level name"
        scope = " (class members too)" if root.members else ""
        scope += " (exported names only)" if root.exports else ""
        lines.append(f"- files `{root.files}`: {names}{scope}: {root.why}")
    for rule in framework.bases:
        parts = ["subclasses found by the framework"] if rule.discovered else []
        if rule.hooks:
            parts.append("hooks " + ", ".join(f"`{h}`" for h in sorted(rule.hooks)))
        if rule.prefixes:
            parts.append("hooks by prefix " + ", ".join(f"`{p}*`" for p in rule.prefixes))
        lines.append(f"- base `{rule.base}`: {'; '.join(parts)}")
    for label, names in (("decorators that only wrap", framework.wrapping_decorators),
                         ("methods called by name", framework.protocol_methods),
                         ("module names a test runner reads", framework.runner_names),
                         ("fixtures requested by name", framework.test_fixtures),
                         ("shell-context decorators", framework.shell_decorators)):
        if names:
            lines.append(f"- {label}: " + ", ".join(f"`{n}`" for n in sorted(names)))
    for pattern in framework.launch_commands:
        lines.append(f"- launch command (in Procfile, Dockerfile...): `{pattern}`")
    if framework.config_files:
        lines.append("- configuration files read: " + ", ".join(f"`{g}`" for g in framework.config_files))
    if framework.read_config is not None:
        lines.append(f"- reads its configuration: {(framework.read_config.__doc__ or framework.read_config.__name__).strip()}")
    return "\n".join(lines) + "\n"


def rules_markdown() -> str:
    parts = [HEADER, "## Finding rules\n\n", "\n".join(rule_section(rule) for rule in RULES), "\n",
             "## Frameworks\n\nWhat reviewer knows about each framework and tool, and what switches it on "
             "(a dependency the project declares, a module its code imports, or a file it holds).\n\n",
             "\n".join(_framework_section(framework) for framework in registry()), "\n", DECLARING]
    return "".join(parts).rstrip() + "\n"


def explain_rule(rule_id: str) -> str | None:
    """`reviewer rule ID`: the rule's principle and evidence, or None for an unknown id."""
    rule = BY_ID.get(rule_id)
    if rule is None:
        return None
    return (f"{rule.id} ({rule.axis} → {rule.verdict})\n\n{rule.principle}\n"
            + (f"\nEvidence: {rule.evidence}.\n" if rule.evidence else "")
            + f"\nSilence one finding: `# reviewer: ignore[{rule.id}] why`. docs/rules.md#{anchor(rule.id)}\n")


def frameworks_text(switched_on: Mapping[str, str], declared: list[str]) -> str:
    """`reviewer rules PATH`: which frameworks are on for a repository and why, and which are off."""
    lines = ["Frameworks on for this repository (and what switched each on):"]
    width = max((len(name) for name in switched_on), default=0)
    for name, why in switched_on.items():
        lines.append(f"  {name.ljust(width)}  {why}")
    for name in declared:
        lines.append(f"  {name}  (declared in the configuration)")
    off = [f.name for f in registry() if f.name not in switched_on]
    if off:
        lines.append(f"Off ({len(off)}): " + ", ".join(off))
    lines.append("Rules: `reviewer rule ID` explains one; docs/rules.md lists them all.")
    return "\n".join(lines)


if __name__ == "__main__":
    print(rules_markdown(), end="")

"""What people read and what CI consumes, rendered from the stored reviews alone.

- render.py: `render_all` writes every .rev.md, report.md, report.json, report.sarif
  (`render`: the same, keeping the report it built)
- gate.py: `--fail-on` (`evaluate_gate`, exit codes); baseline.py: fingerprints and
  `.reviewer/baseline.json`; suppressions.py: `# reviewer: ignore[axis]`
- status.py: `reviewer status`
"""

from .render import render, render_all

__all__ = ["render", "render_all"]

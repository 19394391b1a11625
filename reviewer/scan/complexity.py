"""Cyclomatic complexity: how many decision points one syntax node adds.

Complexity of a symbol = 1 + the decision points of the nodes in its own body (the
tree walk in extract.py does not count nodes inside nested symbols for the parent).
Which node types decide is data in each LanguageSpec, so this module has no
per-language branches:

- `decision_types`: always one point (if, elif, loops, catch/except, ternary, Python
  `and`/`or` nodes, comprehension `if` clauses);
- `logical_binary_types` + `logical_operators`: a binary node counts only when its
  operator is one of them (`a && b` does, `a + b` does not);
- `case_types`: a case clause counts unless it is the default/wildcard one
  (`spec.is_default_case`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tree_sitter import Node

if TYPE_CHECKING:
    from reviewer.scan.languages import LanguageSpec


def decision_points(spec: LanguageSpec, node: Node) -> int:
    node_type = node.type
    if node_type in spec.decision_types:
        return 1
    if node_type in spec.logical_binary_types:
        operator = node.child_by_field_name("operator")
        return 1 if operator is not None and operator.type in spec.logical_operators else 0
    if node_type in spec.case_types:
        return 0 if spec.is_default_case(node) else 1
    return 0


def complexity_node_types(spec: LanguageSpec) -> frozenset[str]:
    """Every node type that may add a decision point (the walk dispatches on these)."""
    return spec.decision_types | spec.logical_binary_types | spec.case_types

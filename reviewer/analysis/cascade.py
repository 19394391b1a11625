"""Dead code that is dead only because other dead code is: one finding per cascade.

A DEAD symbol whose only users are dead (or whose enclosing class or function is dead)
is a member of a cascade; the cascade's roots are the DEAD symbols nothing at all uses.
Members are not findings of their own: they are listed on their root's finding and
take its confidence, so one doubtful root verdict never turns into many findings, and a
root under the confidence floor silences its whole cascade.
"""

from __future__ import annotations

from collections import deque

from ..schema.evidence import AxisAssessment, SymbolKey

MEMBERS_SHOWN = 6


def _label(key: SymbolKey) -> str:
    return key[1]


def group_cascades(verdicts: dict[SymbolKey, AxisAssessment],
                   dead_by: dict[SymbolKey, set[SymbolKey]], min_confidence: int) -> None:
    """Rewrite, in place, the DEAD verdicts of cascade members (keys of `dead_by`, mapped to
    the dead symbols that keep them dead) and of their roots; then silence every DEAD
    verdict under `min_confidence`."""
    roots_of: dict[SymbolKey, set[SymbolKey]] = {}
    cycle_of: dict[SymbolKey, SymbolKey] = {}  # member of a dead cycle -> the cycle's outermost symbol
    for member in dead_by:
        roots: set[SymbolKey] = set()
        seen = {member}
        queue = deque(dead_by[member])
        while queue:
            node = queue.popleft()
            if node in seen:
                continue
            seen.add(node)
            if node in dead_by:
                queue.extend(dead_by[node])
            elif node in verdicts and verdicts[node].verdict == "DEAD":
                roots.add(node)
        roots_of[member] = roots
        if not roots:
            cycle_of[member] = min(seen, key=lambda k: (k[1].count("."), k))
    members_of: dict[SymbolKey, list[SymbolKey]] = {}
    for member, roots in roots_of.items():
        # A member that a doubtful root (under the floor, so not reported) also uses is not
        # listed: "delete it with this finding" would break the code that root stands for.
        if all(verdicts[root].confidence >= min_confidence for root in roots):
            for root in roots:
                members_of.setdefault(root, []).append(member)
    for root, members in members_of.items():
        found = verdicts[root]
        members.sort()
        shown = ", ".join(_label(m) for m in members[:MEMBERS_SHOWN])
        more = f" and {len(members) - MEMBERS_SHOWN} more" if len(members) > MEMBERS_SHOWN else ""
        found.detail += f"; with it, {len(members)} symbol{'s' if len(members) != 1 else ''} only it " \
                        f"(or other dead code) uses: {shown}{more}"
    for member, roots in roots_of.items():
        found = verdicts[member]
        if roots:
            confidence = min(verdicts[r].confidence for r in roots)
            named = ", ".join(f"{r[1]} ({r[0]})" for r in sorted(roots)[:3])
            found.confidence = min(found.confidence, confidence)
            found.report = False
            found.detail += f"; part of the dead cascade of {named}: reported there"
        else:  # a cycle of dead code that nothing outside uses: its outermost symbol is its root
            found.confidence = min(found.confidence, 70)
            found.detail += "; only dead code in a cycle uses it"
            head = cycle_of[member]
            if head != member:
                found.report = False
                found.detail += f"; part of the dead cycle of {head[1]} ({head[0]}): reported there"
    cycles: dict[SymbolKey, list[SymbolKey]] = {}
    for member, head in cycle_of.items():
        if head != member:
            cycles.setdefault(head, []).append(member)
    for head, members in cycles.items():
        if head in verdicts:
            members.sort()
            verdicts[head].detail += f"; with it, {len(members)} symbol{'s' if len(members) != 1 else ''} of " \
                                     f"its dead cycle: {', '.join(_label(m) for m in members[:MEMBERS_SHOWN])}" \
                                     + (f" and {len(members) - MEMBERS_SHOWN} more" if len(members) > MEMBERS_SHOWN else "")
    for found in verdicts.values():
        if found.verdict == "DEAD" and found.report and found.confidence < min_confidence:
            found.report = False
            found.detail += f" (confidence {found.confidence} is under the floor {min_confidence}: not a finding)"

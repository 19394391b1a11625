"""attrs: `@define`, `@attr.s` and their kin generate methods on the class in place, like
`@dataclass`: the class lives when something names it. (Field `@x.validator`/`@x.default`
decorators register on their attribute.)"""

from . import Framework

FRAMEWORK = Framework(
    name="attrs",
    docs="https://www.attrs.org/en/stable/api.html",
    enabled_by=("attrs", "attr"),
    wrapping_decorators=frozenset({"attr.s", "attr.attrs", "attr.define", "attr.frozen", "attr.mutable",
                                   "attrs.define", "attrs.frozen", "attrs.mutable", "define", "frozen", "mutable"}),
)

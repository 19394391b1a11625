"""TypeScript: the compiler reads the members of the `JSX` namespace by name (a project declaring its
own JSX runtime or augmenting `IntrinsicElements`), whatever calls them."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="TypeScript",
    docs="https://www.typescriptlang.org/docs/handbook/jsx.html#type-checking",
    enabled_by=("typescript", "file:tsconfig*.json", "file:deno.json", "file:deno.jsonc"),
    # The scan names a namespace's members without the namespace: `Element` and `ElementType` are
    # kept in any TypeScript file (a DEAD missed there rather than a compiler input reported DEAD).
    files=(FileRoot(r"\.[cm]?tsx?$", r"JSX|Element|ElementType|IntrinsicElements|ElementClass"
                                     r"|ElementAttributesProperty|ElementChildrenAttribute|IntrinsicAttributes"
                                     r"|IntrinsicClassAttributes|LibraryManagedAttributes",
                    "TypeScript JSX namespace (read by the compiler)", members=True),),
)

"""check-dts: unit tests for a library's TypeScript definitions. It compiles every `errors.ts` and
`types.ts` (and `<name>.errors.ts`, `<name>.types.ts`) of the project with the type checker: a
`types.ts` must compile, each `// THROWS <message>` of an `errors.ts` names the error the line below
must raise. The declarations of those files are the assertions (a `let` that must not type-check),
read by the type checker, never by other code."""

from . import FileRoot, Framework

FRAMEWORK = Framework(
    name="check-dts",
    docs="https://github.com/ai/check-dts#readme",
    enabled_by=("check-dts",),
    files=(FileRoot(r"(?:^|/)(?:[^/]+\.)?(?:errors|types)\.[cm]?tsx?$",
                    why="check-dts type test (its declarations are what the type checker checks)", members=True),),
)

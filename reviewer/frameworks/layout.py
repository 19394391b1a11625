"""Places that are no framework's and hold code read by path: inputs a test suite loads as data,
project templates a generator copies into new projects, and type tests a type checker reads."""

from . import FileRoot, Framework

# Folders of the project templates a generator or a script copies into place (`cli/template/extras`, a
# template generator's `{{project_slug}}/`, `scripts/cleanup-templates/`): code that runs there, not here.
SCAFFOLD_PATH = r"(?:^|/)(?:[\w.]+-)?(?:templates?|skeletons?|scaffolds?|\{\{[^/]*\}\})/"
# Type tests by their name (tsd and vitest's `x.test-d.ts`, tstyche's `x.tst.ts`): the type checker
# reads them; each restates a call with the types it checks, on purpose.
TYPE_TEST_PATH = r"\.(?:test-d|tst)\.[cm]?tsx?$"

FRAMEWORK = Framework(
    name="Repository layout",
    docs="https://docs.pytest.org/en/stable/explanation/goodpractices.html#choosing-a-test-layout",
    files=(
        # Code the tests hand to the tool under test by path: its names are its content.
        FileRoot(r"(?:^|/)(?:tests?|__tests__)/(?:.*/)?(?:assets|testdata|test_data|data|fixtures|__fixtures__"
                 r"|expected|outputs?|snapshots|__snapshots__|goldens?)/",
                 why="test input (loaded by path)"),
        # A codemod's golden pairs (jscodeshift's `__testfixtures__/<name>.input.ts` and `.output.ts`),
        # wherever the transform lives: the test runs the transform on one and compares with the other.
        FileRoot(r"(?:^|/)__testfixtures__/", why="test input (a codemod's input or expected output)"),
        # Folders of cases a suite reads as text (`import.meta.glob('./cases/**', {query: '?raw'})`, a formatter's
        # input files): inputs, unless a file is a test the runner collects by its name.
        FileRoot(r"(?:^|/)(?:tests?|__tests__)/(?:.*/)?(?:cases|inputs?|samples)/(?:.*/)?"
                 r"(?!test_|conftest\.)(?![^/]*\.(?:test|spec)\.)[^/]+$",
                 why="test input (a case the suite reads as text)"),
        FileRoot(SCAFFOLD_PATH, why="project template (a generator copies it into new projects, where it runs)",
                 members=True),
        FileRoot(TYPE_TEST_PATH, why="type test (its declarations are what the type checker checks)", members=True),
    ),
)

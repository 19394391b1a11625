"""The scan's fast readings give what the plain ones give: the string and comment regions of a
Python file found from their marks (words._python_regions) against the regex's own finditer, line
starts against a newline search, and the one-pass code views of a function holding a `$` against
the token scan."""

import random

from reviewer.scan import structure, words
from reviewer.scan.languages import LANGUAGES

_EDGES = [
    "", "x", "\n", "#", '"', "r", 'rb"', 'ab"x"', 'rbf"x"', 'for"x"', 'f"a" r\'b\' u"""c"""', '"abc\n"d"', '""""',
    "'''x", "u'x'#c\n#d", 'x = "a"#b\n', 'B"""doc\n"""', "r#'x'", 'a"b"c\'d\'', 'rR"x"', "\\\"x\"", 'fr"""\n"""',
]


def _spans(matches):
    return [(match.span(), match.group(0)) for match in matches]


def test_python_regions_match_the_regex_on_edge_cases_and_random_text():
    generator = random.Random(34)
    alphabet = "rbfuRBFUax#\"'\n\\ "
    texts = _EDGES + ["".join(generator.choice(alphabet) for _ in range(generator.randint(0, 40))) for _ in range(5000)]
    for text in texts:
        assert _spans(words._python_regions(text)) == _spans(words._PYTHON_REGIONS.finditer(text)), text


def test_line_starts_are_the_offsets_after_each_newline():
    for text in ["", "a", "\n", "a\nb", "a\n\nb\n", "\n\n\n"]:
        assert words._line_starts(text) == [0] + [at + 1 for at, char in enumerate(text) if char == "\n"]


def _token_scan(text: str, syntax) -> tuple[list[str], list[str], list[int]]:
    start = structure.header_end(text, syntax)
    written = structure._code_tokens(text, start, syntax)
    literals, stream = structure._literals_and_stream(written, syntax)
    return literals, stream, structure._line_hashes(text, start, written, syntax)


def test_a_dollar_inside_strings_keeps_the_one_pass_views_equal_to_the_token_scan():
    python, typescript = LANGUAGES["python"].tokens, LANGUAGES["typescript"].tokens
    cases = [
        ('def f(text):\n    if re.match(r"^a$", text):\n        return "$x"  # costs $1\n    return None', python),
        ("function f(name: string) {\n  const line = `total: ${name} $`;\n  return line + '$';\n}", typescript),
    ]
    for text, syntax in cases:
        assert structure._code_views(text, structure.header_end(text, syntax), syntax) == _token_scan(text, syntax)


def test_a_dollar_in_a_name_takes_the_token_scan():
    typescript = LANGUAGES["typescript"].tokens
    text = "function f(el) {\n  const $el = $(el);\n  return $el.find('a');\n}"
    assert structure._code_views(text, structure.header_end(text, typescript), typescript) is None

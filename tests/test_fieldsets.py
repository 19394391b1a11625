"""Records rebuilt from their own dump without validation (schema.fieldsets.rebuilt) are the records
validation gives, or are refused: from JSON, where a value may be spelled otherwise than held."""

from __future__ import annotations

from array import array

import pytest
from pydantic import BaseModel, Field
from pydantic_core import from_json

from reviewer.schema.facts import Behaviour, FileFacts, Hashes32, LineRange, Structure, Symbol
from reviewer.schema.fieldsets import all_fields, rebuilt


def same_record(a: BaseModel, b: BaseModel) -> None:
    """Equal, field by field, with the same types (an int is not a float, a list not an array)."""
    assert type(a) is type(b) and a.model_fields_set == b.model_fields_set
    for name in type(a).model_fields:
        x, y = getattr(a, name), getattr(b, name)
        assert type(x) is type(y), name
        if isinstance(x, BaseModel):
            same_record(x, y)
        elif isinstance(x, list) and x and isinstance(x[0], BaseModel):
            for p, q in zip(x, y, strict=True):
                same_record(p, q)
        elif isinstance(x, dict):
            assert [(type(k), k, v) for k, v in x.items()] == [(type(k), k, v) for k, v in y.items()], name
        else:
            assert x == y, name


def facts() -> FileFacts:
    symbol = Symbol(name="f", qualified_name="f", kind="function", line_start=1, line_end=3, shingles=[7, 8],
                    structure=Structure(alpha_grams=[2**40], line_hashes=[1, 2, 3]),
                    behaviour=Behaviour(jobs=["return|x"], coverage=1), unreachable=[LineRange(line_start=2, line_end=3)])
    return FileFacts(path="a.py", language="python", sha256="00", lines=3, size=30, symbols=[symbol],
                     suppressions={3: ["utility"]}, kept={1: "noqa"}, module_line_hashes=[5])


def test_from_json_the_record_is_the_one_validation_gives():
    """A whole float written as an integer, integer keys written as strings, packed hashes written as
    lists: each comes back as validation gives it, strings shared as validation shares them."""
    record = facts()
    record.symbols[0].behaviour.coverage = 1  # held as an int: JSON writes `1`, validation reads 1.0
    data = record.model_dump_json().encode()
    validated = FileFacts.model_validate_json(data)
    again = rebuilt(FileFacts, from_json(data, cache_strings=True), json=True)
    same_record(again, validated)
    assert type(again.symbols[0].shingles) is array and again.symbols[0].structure.alpha_grams.typecode == "Q"
    assert list(again.suppressions) == [3] and type(again.symbols[0].behaviour.coverage) is float
    assert again.model_fields_set is all_fields(FileFacts)


def test_from_a_python_dump_the_record_is_the_one_validation_gives():
    record = facts()
    same_record(rebuilt(FileFacts, record.model_dump()), FileFacts.model_validate(record.model_dump()))


class _Floats(BaseModel):
    values: list[float] = Field(default_factory=list)


class _MaybeFloat(BaseModel):
    value: float | None = None


class _Keys(BaseModel):
    nested: dict[str, dict[int, str]] = Field(default_factory=dict)


class _Pairs(BaseModel):
    spans: list[tuple[int, int]] = Field(default_factory=list)


class _Names(BaseModel):
    names: set[str] = Field(default_factory=set)


class _Packed(BaseModel):
    hashes: Hashes32


@pytest.mark.parametrize("model, spelled, held", [
    (_Floats, {"values": [1]}, {"values": [1.0]}), (_MaybeFloat, {"value": 1}, {"value": 1.0}),
    (_Keys, {"nested": {"a": {"1": "x"}}}, {"nested": {"a": {1: "x"}}}),
    (_Pairs, {"spans": [[1, 2]]}, {"spans": [(1, 2)]}), (_Names, {"names": ["a"]}, {"names": {"a"}})])
def test_a_field_json_may_spell_otherwise_deep_inside_is_refused(model, spelled, held):
    """`[1]` for list[float] would stay a list of ints, `[[1, 2]]` a list of lists: refused rather than
    rebuilt wrong. From a Python dump, where values are held as they are, the same model is rebuilt."""
    with pytest.raises(TypeError):
        rebuilt(model, spelled, json=True)
    assert rebuilt(model, dict(held)) == model.model_validate(held)


@pytest.mark.parametrize("values", [{"hashes": [-1]}, {"hashes": ["x"]}, {}, {"hashes": [1], "other": 2}])
def test_data_of_another_shape_raises(values):
    with pytest.raises((TypeError, KeyError, ValueError, OverflowError)):
        rebuilt(_Packed, values, json=True)

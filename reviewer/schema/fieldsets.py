"""One set of field names per model, shared by its records, instead of one set per record.

pydantic keeps, per record, the set of the fields it was given (`__pydantic_fields_set__`): a
Symbol read from JSON holds a 2.3 kB set of its 30 field names, more than its own values on
average, and an AxisAssessment a 0.7 kB set of 7. A record whose every field was given (read
from the JSON of a full dump, or built with all its fields) can share one set of all the names of
its model: pydantic only ever adds a field name to it (on assignment), which changes nothing there,
and exclude_unset, model_copy and equality read what they read before.
"""

from __future__ import annotations

from functools import cache
from types import UnionType
from typing import Any, Callable, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.functional_validators import PlainValidator

_object_setattr = object.__setattr__


def _model_fields_of(annotation: Any) -> bool:
    """Whether a field's type can hold a model (a model, or a list/dict/optional of one)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_model_fields_of(arg) for arg in get_args(annotation))


@cache
def all_fields(model: type[BaseModel]) -> set[str]:
    """The one set of all the field names of `model`, shared by its records whose every field is set."""
    return set(model.model_fields)


@cache
def _plan(model: type[BaseModel]) -> tuple[frozenset[str], set[str]]:
    """The fields of `model` that can hold records, and all_fields(model)."""
    nested = frozenset(name for name, field in model.model_fields.items() if _model_fields_of(field.annotation))
    return nested, all_fields(model)


def share_fields_set(record: BaseModel) -> None:
    """Give `record` and the records inside it, when every field of theirs is set (as after reading
    the JSON of a full dump), the one set of field names of their model (the standard library's
    facts held 0.3 GB of sets of their own)."""
    stack = [record]
    pop, push = stack.pop, stack.append
    while stack:
        current = pop()
        nested, full = _plan(type(current))
        if len(current.__pydantic_fields_set__) == len(full):
            _object_setattr(current, "__pydantic_fields_set__", full)
        values = current.__dict__
        for name in nested:
            value = values[name]
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, BaseModel):
                        push(item)
            elif isinstance(value, BaseModel):
                push(value)
            elif isinstance(value, dict):
                for item in value.values():
                    if isinstance(item, BaseModel):
                        push(item)


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model a field's type holds (a model, or a list or optional of one), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


@cache
def _nested_models(model: type[BaseModel]) -> tuple[tuple[str, type[BaseModel]], ...]:
    """(field, model it holds) of the fields of `model` that hold one record or a list of them."""
    nested = []
    for name, field in model.model_fields.items():
        held = _model_in(field.annotation)
        if held is not None:
            if "dict[" in repr(field.annotation):  # records as a mapping's values: not read back here
                raise TypeError(f"{model.__name__}.{name}: records in a mapping")
            nested.append((name, held))
    return tuple(nested)


@cache
def _converted(model: type[BaseModel], json: bool) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """(field, conversion) of the fields of `model` whose dumped value is not the value the record holds:
    a field with a plain validator of its own converts it (a packed array, dumped as a list of
    integers); from JSON also a float (a whole one may be written as an integer) and a mapping's
    integer keys (written as strings). Any other field whose value JSON may spell otherwise (a tuple,
    a set, `list[float]`, `float | None`, a date) is refused, so no record is rebuilt wrong."""
    conversions: list[tuple[str, Callable[[Any], Any]]] = []
    for name, field in model.model_fields.items():
        validators = [meta.func for meta in field.metadata if isinstance(meta, PlainValidator)]
        annotation = field.annotation
        if validators:
            conversions.append((name, validators[0]))
        elif not json or _as_json_gives(annotation):
            continue
        elif annotation is float:
            conversions.append((name, float))
        elif get_origin(annotation) is dict and get_args(annotation)[0] is int and _as_json_gives(get_args(annotation)[1]):
            conversions.append((name, _int_keys))
        else:
            raise TypeError(f"{model.__name__}.{name}: {annotation} is not read back from JSON here")
    return tuple(conversions)


_JSON_LEAVES = (str, int, bool, type(None), Any)


def _as_json_gives(annotation: Any) -> bool:
    """Whether JSON read back as plain data gives a value of this type as validation holds it: strings,
    integers, booleans, lists and string-keyed mappings of them, literals, records (rebuilt reads those
    by their own model)."""
    if annotation in _JSON_LEAVES or annotation is list or annotation is dict:
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return all(type(arg) in (str, int, bool) for arg in args)
    if origin is dict:
        return args[0] is str and _as_json_gives(args[1])
    if origin in (list, Union, UnionType):
        return all(_as_json_gives(arg) for arg in args)
    return False


def _int_keys(value: dict) -> dict:
    return {int(key): item for key, item in value.items()}


def rebuilt(model: type[BaseModel], values: dict, json: bool = False) -> BaseModel:
    """The record of `model` whose full `model_dump()` is `values`, without validating it again: for
    data this program dumped itself from valid records (a cache), where validation is most of the
    cost of reading it back. `values` and the dicts inside it become the records' own (not copied).
    Every field must be there (a full dump): the record shares all_fields(model), as if validated; a
    field with a plain validator of its own (a packed array) is converted by it, as validation would.
    `json`: `values` is the JSON of the dump read back as plain data (model_dump_json, then
    pydantic_core.from_json), converted where JSON spells a value otherwise (_converted).
    Raises KeyError, TypeError or ValueError on data of another shape."""
    for name, held in _nested_models(model):
        value = values[name]
        if type(value) is list:
            values[name] = [rebuilt(held, item, json) for item in value]
        elif type(value) is dict:
            values[name] = rebuilt(held, value, json)
        elif value is not None:
            raise TypeError(f"{model.__name__}.{name}: not a record")
    for name, convert in _converted(model, json):
        values[name] = convert(values[name])
    full = all_fields(model)
    if values.keys() != full:
        raise KeyError(f"{model.__name__}: other fields")
    record = model.__new__(model)
    _object_setattr(record, "__dict__", values)
    _object_setattr(record, "__pydantic_fields_set__", full)
    _object_setattr(record, "__pydantic_extra__", None)
    _object_setattr(record, "__pydantic_private__", None)
    return record

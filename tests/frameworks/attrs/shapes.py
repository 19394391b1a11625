import attr
from attrs import define, field


@define
class Point:
    x: int = field()

    @x.validator
    def _check_x(self, attribute, value):
        if value < 0:
            raise ValueError(value)


@attr.s
class Segment:
    start = attr.ib()


@define
class UnusedBox:
    width: int

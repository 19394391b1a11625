from pydantic import BaseModel, field_validator, validate_call


class Order(BaseModel):
    quantity: int

    @field_validator("quantity")
    @classmethod
    def positive(cls, value):
        return max(value, 0)


class Refund(BaseModel):
    amount: float


@validate_call
def parse_quantity(text: str) -> int:
    return int(text)


@validate_call
def unused_parse_amount(text: str) -> float:
    return float(text)

def price_with_tax(amount):
    return amount * 1.2


def unused_tax_rate():
    return 0.2
